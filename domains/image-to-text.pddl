;; @domain Image to text: describe or caption what a picture shows, or read the text in it.
(define (domain image-to-text)
  (:requirements :strips :typing)
  (:types resource modality task)
  (:constants text image audio video table question labels - modality
              image-to-text - task)
  (:predicates (has ?r - resource ?m - modality) (fresh ?r - resource) (from ?r ?a - resource)
               (uses ?r ?x - resource) (made-by ?r - resource ?t - task) (may-hold ?r - resource ?t - task))

  ;; @action image-to-text bridge -- Caption an image: describe in words what it shows, or read (OCR) the text in it.
  (:action image-to-text
   :parameters (?image ?out ?src - resource)
   :precondition (and (has ?image image) (from ?image ?src) (fresh ?out) (may-hold ?out image-to-text))
   :effect (and (not (fresh ?out)) (has ?out text) (from ?out ?src) (uses ?out ?image)
                (made-by ?out image-to-text)))
)
