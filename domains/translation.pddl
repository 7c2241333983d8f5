;; @domain Translation: render a text in another language.
(define (domain translation)
  (:requirements :strips :typing)
  (:types resource modality task)
  (:constants text image audio video table question labels - modality
              translation - task)
  (:predicates (has ?r - resource ?m - modality) (fresh ?r - resource) (from ?r ?a - resource)
               (uses ?r ?x - resource) (made-by ?r - resource ?t - task) (may-hold ?r - resource ?t - task))

  ;; @action translation -- Translate a text from one language into another.
  (:action translation
   :parameters (?text ?out ?src - resource)
   :precondition (and (has ?text text) (from ?text ?src) (fresh ?out) (may-hold ?out translation))
   :effect (and (not (fresh ?out)) (has ?out text) (from ?out ?src) (uses ?out ?text)
                (made-by ?out translation)))
)
