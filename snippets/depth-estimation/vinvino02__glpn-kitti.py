def run(image: str = '', model: str = 'vinvino02/glpn-kitti', device: str = "cpu"):
    'depth-estimation with vinvino02/glpn-kitti.'
    from transformers import GLPNFeatureExtractor, GLPNForDepthEstimation, pipeline

    feature_extractor_0 = GLPNFeatureExtractor.from_pretrained(model)
    network = GLPNForDepthEstimation.from_pretrained(model)
    runner = pipeline('depth-estimation', feature_extractor=feature_extractor_0, model=network, device=device)
    return runner(image)
