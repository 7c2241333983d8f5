;; @domain Token classification: find named entities (people, places, organisations, dates) or tag parts of speech.
(define (domain token-classification)
  (:requirements :strips :typing)
  (:types resource modality task)
  (:constants text image audio video table question labels - modality
              token-classification - task)
  (:predicates (has ?r - resource ?m - modality) (fresh ?r - resource) (from ?r ?a - resource)
               (uses ?r ?x - resource) (made-by ?r - resource ?t - task) (may-hold ?r - resource ?t - task))

  ;; @action token-classification -- Tag the words of a text: named entities (people, organisations, places) or parts of speech.
  (:action token-classification
   :parameters (?text ?out ?src - resource)
   :precondition (and (has ?text text) (from ?text ?src) (fresh ?out) (may-hold ?out token-classification))
   :effect (and (not (fresh ?out)) (has ?out text) (from ?out ?src) (uses ?out ?text)
                (made-by ?out token-classification)))
)
