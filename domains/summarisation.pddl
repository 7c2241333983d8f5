;; @domain Summarisation: condense a long text into a short summary.
(define (domain summarisation)
  (:requirements :strips :typing)
  (:types resource modality task)
  (:constants text image audio video table question labels - modality
              summarization - task)
  (:predicates (has ?r - resource ?m - modality) (fresh ?r - resource) (from ?r ?a - resource)
               (uses ?r ?x - resource) (made-by ?r - resource ?t - task) (may-hold ?r - resource ?t - task))

  ;; @action summarization -- Summarise a text: keep its main points in a few sentences.
  (:action summarization
   :parameters (?text ?out ?src - resource)
   :precondition (and (has ?text text) (from ?text ?src) (fresh ?out) (may-hold ?out summarization))
   :effect (and (not (fresh ?out)) (has ?out text) (from ?out ?src) (uses ?out ?text)
                (made-by ?out summarization)))
)
