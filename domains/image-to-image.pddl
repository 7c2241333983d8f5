;; @domain Image to image: restyle, edit, enhance or transform an existing picture into a new one.
(define (domain image-to-image)
  (:requirements :strips :typing)
  (:types resource modality task)
  (:constants text image audio video table question labels - modality
              image-to-image image-editing - task)
  (:predicates (has ?r - resource ?m - modality) (fresh ?r - resource) (from ?r ?a - resource)
               (uses ?r ?x - resource) (made-by ?r - resource ?t - task) (may-hold ?r - resource ?t - task))

  ;; @action image-to-image -- Transform an image into a new image: change its style, enhance or upscale it, colourise it.
  (:action image-to-image
   :parameters (?image ?out ?src - resource)
   :precondition (and (has ?image image) (from ?image ?src) (fresh ?out) (may-hold ?out image-to-image))
   :effect (and (not (fresh ?out)) (has ?out image) (from ?out ?src) (uses ?out ?image)
                (made-by ?out image-to-image)))

  ;; @action image-editing pipeline=image-to-image -- Edit an image as a text instruction says (TaskBench's image-editing tool).
  (:action image-editing
   :parameters (?image ?text ?out ?src - resource)
   :precondition (and (has ?image image) (has ?text text) (from ?image ?src) (fresh ?out) (may-hold ?out image-editing))
   :effect (and (not (fresh ?out)) (has ?out image) (from ?out ?src) (uses ?out ?image) (uses ?out ?text)
                (made-by ?out image-editing)))
)
