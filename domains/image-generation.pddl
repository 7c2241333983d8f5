;; @domain Image generation: draw, paint or render a new picture from a text description.
(define (domain image-generation)
  (:requirements :strips :typing)
  (:types resource modality task)
  (:constants text image audio video table question labels - modality
              text-to-image - task)
  (:predicates (has ?r - resource ?m - modality) (fresh ?r - resource) (from ?r ?a - resource)
               (uses ?r ?x - resource) (made-by ?r - resource ?t - task) (may-hold ?r - resource ?t - task))

  ;; @action text-to-image bridge -- Generate an image (picture, drawing, illustration) from a text description.
  (:action text-to-image
   :parameters (?text ?out ?src - resource)
   :precondition (and (has ?text text) (from ?text ?src) (fresh ?out) (may-hold ?out text-to-image))
   :effect (and (not (fresh ?out)) (has ?out image) (from ?out ?src) (uses ?out ?text)
                (made-by ?out text-to-image)))
)
