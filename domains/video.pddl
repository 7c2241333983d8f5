;; @domain Video: generate short videos from text, and recognise what a video shows.
(define (domain video)
  (:requirements :strips :typing)
  (:types resource modality task)
  (:constants text image audio video table question labels - modality
              text-to-video video-classification - task)
  (:predicates (has ?r - resource ?m - modality) (fresh ?r - resource) (from ?r ?a - resource)
               (uses ?r ?x - resource) (made-by ?r - resource ?t - task) (may-hold ?r - resource ?t - task))

  ;; @action text-to-video -- Generate a short video clip from a text description.
  (:action text-to-video
   :parameters (?text ?out ?src - resource)
   :precondition (and (has ?text text) (from ?text ?src) (fresh ?out) (may-hold ?out text-to-video))
   :effect (and (not (fresh ?out)) (has ?out video) (from ?out ?src) (uses ?out ?text)
                (made-by ?out text-to-video)))

  ;; @action video-classification -- Label what happens in a video (the action or activity it shows).
  (:action video-classification
   :parameters (?video ?out ?src - resource)
   :precondition (and (has ?video video) (from ?video ?src) (fresh ?out) (may-hold ?out video-classification))
   :effect (and (not (fresh ?out)) (has ?out text) (from ?out ?src) (uses ?out ?video)
                (made-by ?out video-classification)))
)
