;; @domain Question answering: answer a question from a text, a table, a document scan or a picture.
(define (domain question-answering)
  (:requirements :strips :typing)
  (:types resource modality task)
  (:constants text image audio video table question labels - modality
              question-answering table-question-answering document-question-answering visual-question-answering - task)
  (:predicates (has ?r - resource ?m - modality) (fresh ?r - resource) (from ?r ?a - resource)
               (uses ?r ?x - resource) (made-by ?r - resource ?t - task) (may-hold ?r - resource ?t - task))

  ;; @action question-answering -- Answer a question by finding the answer in a given context text.
  (:action question-answering
   :parameters (?context ?question ?out ?src - resource)
   :precondition (and (has ?context text) (has ?question question) (from ?context ?src) (fresh ?out)
                      (may-hold ?out question-answering))
   :effect (and (not (fresh ?out)) (has ?out text) (from ?out ?src) (uses ?out ?context) (uses ?out ?question)
                (made-by ?out question-answering)))

  ;; @action table-question-answering -- Answer a question about the rows and columns of a table.
  (:action table-question-answering
   :parameters (?table ?question ?out ?src - resource)
   :precondition (and (has ?table table) (has ?question question) (from ?table ?src) (fresh ?out)
                      (may-hold ?out table-question-answering))
   :effect (and (not (fresh ?out)) (has ?out text) (from ?out ?src) (uses ?out ?table) (uses ?out ?question)
                (made-by ?out table-question-answering)))

  ;; @action document-question-answering -- Answer a question about a scanned document (invoice, form, receipt, page).
  (:action document-question-answering
   :parameters (?image ?question ?out ?src - resource)
   :precondition (and (has ?image image) (has ?question question) (from ?image ?src) (fresh ?out)
                      (may-hold ?out document-question-answering))
   :effect (and (not (fresh ?out)) (has ?out text) (from ?out ?src) (uses ?out ?image) (uses ?out ?question)
                (made-by ?out document-question-answering)))

  ;; @action visual-question-answering -- Answer a question about what a picture shows.
  (:action visual-question-answering
   :parameters (?image ?question ?out ?src - resource)
   :precondition (and (has ?image image) (has ?question question) (from ?image ?src) (fresh ?out)
                      (may-hold ?out visual-question-answering))
   :effect (and (not (fresh ?out)) (has ?out text) (from ?out ?src) (uses ?out ?image) (uses ?out ?question)
                (made-by ?out visual-question-answering)))
)
