; Binary trees, after the Benchmarks Game: one long-lived tree that survives
; the whole run, next to a flood of short-lived trees that die young.
;
;   minilisp trees.scm [DEPTH]          (DEPTH: of the long-lived tree, default 12)

(define (make-tree depth)
  (if (= depth 0)
      (cons '() '())
      (cons (make-tree (- depth 1)) (make-tree (- depth 1)))))

(define (check tree)
  (if (null? (car tree))
      1
      (+ 1 (check (car tree)) (check (cdr tree)))))

(define (power-of-two n)
  (if (= n 0) 1 (* 2 (power-of-two (- n 1)))))

(define max-depth
  (let ((args (cdr (command-line))))
    (cond ((null? args) 12)
          ((string->number (car args)) (string->number (car args)))
          (else (error "usage: trees.scm [DEPTH], not" (car args))))))

(define long-lived (make-tree max-depth))

; Build and check 2**(max-depth - depth) trees of [depth]; each dies at once.
(define (churn depth)
  (let loop ((i (power-of-two (- max-depth depth))) (sum 0))
    (if (= i 0)
        sum
        (loop (- i 1) (+ sum (check (make-tree depth)))))))

(let loop ((depth 4))
  (when (<= depth max-depth)
    (display (power-of-two (- max-depth depth)))
    (display " trees of depth ")
    (display depth)
    (display ", check: ")
    (display (churn depth))
    (newline)
    (loop (+ depth 2))))

(display "long-lived tree of depth ")
(display max-depth)
(display ", check: ")
(display (check long-lived))
(newline)
