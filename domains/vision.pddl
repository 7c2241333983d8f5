;; @domain Image analysis: recognise, detect, count, segment and measure what is in a picture.
(define (domain vision)
  (:requirements :strips :typing)
  (:types resource modality task)
  (:constants text image audio video table question labels - modality
              image-classification zero-shot-image-classification object-detection image-segmentation depth-estimation - task)
  (:predicates (has ?r - resource ?m - modality) (fresh ?r - resource) (from ?r ?a - resource)
               (uses ?r ?x - resource) (made-by ?r - resource ?t - task) (may-hold ?r - resource ?t - task))

  ;; @action image-classification -- Say what kind of thing an image shows (species, breed, object class) as a label.
  (:action image-classification
   :parameters (?image ?out ?src - resource)
   :precondition (and (has ?image image) (from ?image ?src) (fresh ?out) (may-hold ?out image-classification))
   :effect (and (not (fresh ?out)) (has ?out text) (from ?out ?src) (uses ?out ?image)
                (made-by ?out image-classification)))

  ;; @action zero-shot-image-classification -- Choose which of the given candidate labels fits an image best.
  (:action zero-shot-image-classification
   :parameters (?image ?labels ?out ?src - resource)
   :precondition (and (has ?image image) (has ?labels labels) (from ?image ?src) (fresh ?out)
                      (may-hold ?out zero-shot-image-classification))
   :effect (and (not (fresh ?out)) (has ?out text) (from ?out ?src) (uses ?out ?image) (uses ?out ?labels)
                (made-by ?out zero-shot-image-classification)))

  ;; @action object-detection -- Find and count the objects in an image, with their labels and boxes.
  (:action object-detection
   :parameters (?image ?out ?src - resource)
   :precondition (and (has ?image image) (from ?image ?src) (fresh ?out) (may-hold ?out object-detection))
   :effect (and (not (fresh ?out)) (has ?out text) (from ?out ?src) (uses ?out ?image)
                (made-by ?out object-detection)))

  ;; @action image-segmentation -- Split an image into regions and give a mask for each object or area.
  (:action image-segmentation
   :parameters (?image ?out ?src - resource)
   :precondition (and (has ?image image) (from ?image ?src) (fresh ?out) (may-hold ?out image-segmentation))
   :effect (and (not (fresh ?out)) (has ?out image) (from ?out ?src) (uses ?out ?image)
                (made-by ?out image-segmentation)))

  ;; @action depth-estimation -- Estimate how far each pixel of an image is from the camera, as a depth map image.
  (:action depth-estimation
   :parameters (?image ?out ?src - resource)
   :precondition (and (has ?image image) (from ?image ?src) (fresh ?out) (may-hold ?out depth-estimation))
   :effect (and (not (fresh ?out)) (has ?out image) (from ?out ?src) (uses ?out ?image)
                (made-by ?out depth-estimation)))
)
