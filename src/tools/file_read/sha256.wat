;; SHA-256 (FIPS 180-4) compression, for file_read's content hash without loading node:crypto, and
;; the count of line ends that file_read's scan needs (`newlines`, at the end).
;; src/tools/file_read/sha256-wasm.ts copies input into the window, pads the last block and reads the state out;
;; `npm run wasm` assembles this file into src/tools/file_read/sha256-wasm-bytes.ts.
;;
;; Written for V8's baseline compiler (Liftoff), which runs it before the optimizing one has compiled
;; it, so it avoids what Liftoff does slowly:
;; - no i32.rotr/i32.rotl: Liftoff of Node 20 calls out of line for them (6 ns each, against 1 ns for
;;   a shift). A rotation is a shift of the word doubled into an i64 (x | x << 32), taken back with
;;   i32.wrap_i64: one i64 shift per rotation amount, and one doubling for the three of Σ0 or Σ1.
;;   The doubling is a multiplication by 2^32 + 1, which Liftoff emits as one imul where the shift and
;;   the or took five instructions (a cold file_read of 2,000 lines: 0.24 million fewer, callgrind).
;;   Σ1(e) is taken as (e ⊕ e ⋙ 5 ⊕ e ⋙ 19) ⋙ 6 and Σ0(a) as (a ⊕ a ⋙ 11 ⊕ a ⋙ 20) ⋙ 2: bits 32 to 37
;;   of the doubled word xor-ed with its shifts are already the inner sum's low bits, so the outer
;;   rotation is one more shift.
;; - the message schedule four words at a time in SIMD lanes, and K[j] + W[j] added there once, so a
;;   round loads one word (a block under Node 24's Liftoff: about 6,750 instructions before, 4,850 now).
;; - eight rounds per loop pass with the working variables renamed from round to round, instead of
;;   moving all eight at the end of every round.
;; - one small function: the optimizing compiler takes about 2 ms for it in the background, against
;;   15 ms for a fully unrolled one.
;;
;; Memory (one page):
;;   0x0000  K[0..63], the round constants (data segment)
;;   0x0100  H[0..7], the hash state, initialised to H(0) (data segment), words in native order
;;   0x0200  W[0..63], the message schedule of the block being compressed
;;   0x0300  K[j] + W[j], what each round adds
;;   0x8000  the input window: `blocks(n)` compresses the n 64-byte blocks found there
(module
  (memory (export "memory") 1)
  (global (export "window") i32 (i32.const 0x8000))
  (global (export "windowBytes") i32 (i32.const 0x8000))
  (global (export "state") i32 (i32.const 0x100))
  ;; Where the last `newlines` call stopped.
  (global $stop (export "stop") (mut i32) (i32.const 0))

  (data (i32.const 0x0000)
    "\98\2f\8a\42\91\44\37\71\cf\fb\c0\b5\a5\db\b5\e9" ;; K[0..3]
    "\5b\c2\56\39\f1\11\f1\59\a4\82\3f\92\d5\5e\1c\ab" ;; K[4..7]
    "\98\aa\07\d8\01\5b\83\12\be\85\31\24\c3\7d\0c\55" ;; K[8..11]
    "\74\5d\be\72\fe\b1\de\80\a7\06\dc\9b\74\f1\9b\c1" ;; K[12..15]
    "\c1\69\9b\e4\86\47\be\ef\c6\9d\c1\0f\cc\a1\0c\24" ;; K[16..19]
    "\6f\2c\e9\2d\aa\84\74\4a\dc\a9\b0\5c\da\88\f9\76" ;; K[20..23]
    "\52\51\3e\98\6d\c6\31\a8\c8\27\03\b0\c7\7f\59\bf" ;; K[24..27]
    "\f3\0b\e0\c6\47\91\a7\d5\51\63\ca\06\67\29\29\14" ;; K[28..31]
    "\85\0a\b7\27\38\21\1b\2e\fc\6d\2c\4d\13\0d\38\53" ;; K[32..35]
    "\54\73\0a\65\bb\0a\6a\76\2e\c9\c2\81\85\2c\72\92" ;; K[36..39]
    "\a1\e8\bf\a2\4b\66\1a\a8\70\8b\4b\c2\a3\51\6c\c7" ;; K[40..43]
    "\19\e8\92\d1\24\06\99\d6\85\35\0e\f4\70\a0\6a\10" ;; K[44..47]
    "\16\c1\a4\19\08\6c\37\1e\4c\77\48\27\b5\bc\b0\34" ;; K[48..51]
    "\b3\0c\1c\39\4a\aa\d8\4e\4f\ca\9c\5b\f3\6f\2e\68" ;; K[52..55]
    "\ee\82\8f\74\6f\63\a5\78\14\78\c8\84\08\02\c7\8c" ;; K[56..59]
    "\fa\ff\be\90\eb\6c\50\a4\f7\a3\f9\be\f2\78\71\c6" ;; K[60..63]
  )
  (data (i32.const 0x0100)
    "\67\e6\09\6a\85\ae\67\bb\72\f3\6e\3c\3a\f5\4f\a5" ;; H(0)[0..3]
    "\7f\52\0e\51\8c\68\05\9b\ab\d9\83\1f\19\cd\e0\5b" ;; H(0)[4..7]
  )

  ;; Compresses `count` blocks from the start of the input window into H.
  (func (export "blocks") (param $count i32)
    (local $block i32) (local $i i32) (local $word i32) (local $x i64) (local $t i32)
    (local $lanes v128) (local $words v128)
    (local $a i32) (local $b i32) (local $c i32) (local $d i32)
    (local $e i32) (local $f i32) (local $g i32) (local $h i32)
    (local.set $block (global.get 0))
    (block $done
      (loop $next_block
        (br_if $done (i32.eqz (local.get $count)))

        ;; W[0..15]: the block's big-endian words, byte-swapped by shifts and masks; K[j] + W[j] beside.
        (local.set $i (i32.const 0))
        (loop $load
          (local.set $word (i32.load (i32.add (local.get $block) (local.get $i))))
          (local.set $word
            (i32.or
              (i32.or (i32.shl (local.get $word) (i32.const 24)) (i32.shr_u (local.get $word) (i32.const 24)))
              (i32.or (i32.and (i32.shl (local.get $word) (i32.const 8)) (i32.const 0x00ff0000))
                      (i32.and (i32.shr_u (local.get $word) (i32.const 8)) (i32.const 0x0000ff00)))))
          (i32.store offset=0x200 (local.get $i) (local.get $word))
          (i32.store offset=0x300 (local.get $i) (i32.add (local.get $word) (i32.load offset=0x000 (local.get $i))))
          (br_if $load (i32.lt_u (local.tee $i (i32.add (local.get $i) (i32.const 4))) (i32.const 64))))

        ;; W[16..63], four words a step: W[j] = σ1(W[j-2]) + W[j-7] + σ0(W[j-15]) + W[j-16]; $i is 4j.
        ;;   σ0(w) = w ⋙ 7 ⊕ w ⋙ 18 ⊕ w ≫ 3    σ1(w) = w ⋙ 17 ⊕ w ⋙ 19 ⊕ w ≫ 10
        ;; σ1 of the step's last two words needs its first two, so it is added in two halves: W[j-2],
        ;; W[j-1] in lanes 0 and 1 (lanes 2 and 3 zero, whose σ1 is zero), then the new W[j], W[j+1]
        ;; moved to lanes 2 and 3. A lane's rotation is two shifts and an or. σ1 is written out at both
        ;; places: a call costs more under Liftoff than the lines it would save.
        (loop $schedule
          (local.set $lanes (v128.load offset=0x1c4 (local.get $i))) ;; W[j-15..j-12]
          (local.set $words
            (i32x4.add
              (i32x4.add
                (v128.xor
                  (v128.xor
                    (v128.or (i32x4.shr_u (local.get $lanes) (i32.const 7)) (i32x4.shl (local.get $lanes) (i32.const 25)))
                    (v128.or (i32x4.shr_u (local.get $lanes) (i32.const 18)) (i32x4.shl (local.get $lanes) (i32.const 14))))
                  (i32x4.shr_u (local.get $lanes) (i32.const 3)))
                (v128.load offset=0x1c0 (local.get $i))) ;; W[j-16..j-13]
              (v128.load offset=0x1e4 (local.get $i)))) ;; W[j-7..j-4]
          (local.set $lanes (v128.load64_zero offset=0x1f8 (local.get $i))) ;; W[j-2], W[j-1], 0, 0
          (local.set $words (i32x4.add (local.get $words)
            (v128.xor
              (v128.xor
                (v128.or (i32x4.shr_u (local.get $lanes) (i32.const 17)) (i32x4.shl (local.get $lanes) (i32.const 15)))
                (v128.or (i32x4.shr_u (local.get $lanes) (i32.const 19)) (i32x4.shl (local.get $lanes) (i32.const 13))))
              (i32x4.shr_u (local.get $lanes) (i32.const 10)))))
          (local.set $lanes (i8x16.shuffle 0 0 0 0 0 0 0 0 16 17 18 19 20 21 22 23 (v128.const i32x4 0 0 0 0) (local.get $words)))
          (local.set $words (i32x4.add (local.get $words)
            (v128.xor
              (v128.xor
                (v128.or (i32x4.shr_u (local.get $lanes) (i32.const 17)) (i32x4.shl (local.get $lanes) (i32.const 15)))
                (v128.or (i32x4.shr_u (local.get $lanes) (i32.const 19)) (i32x4.shl (local.get $lanes) (i32.const 13))))
              (i32x4.shr_u (local.get $lanes) (i32.const 10)))))
          (v128.store offset=0x200 (local.get $i) (local.get $words))
          (v128.store offset=0x300 (local.get $i) (i32x4.add (local.get $words) (v128.load offset=0x000 (local.get $i))))
          (br_if $schedule (i32.lt_u (local.tee $i (i32.add (local.get $i) (i32.const 16))) (i32.const 256))))

        (local.set $a (i32.load offset=0x100 (i32.const 0)))
        (local.set $b (i32.load offset=0x104 (i32.const 0)))
        (local.set $c (i32.load offset=0x108 (i32.const 0)))
        (local.set $d (i32.load offset=0x10c (i32.const 0)))
        (local.set $e (i32.load offset=0x110 (i32.const 0)))
        (local.set $f (i32.load offset=0x114 (i32.const 0)))
        (local.set $g (i32.load offset=0x118 (i32.const 0)))
        (local.set $h (i32.load offset=0x11c (i32.const 0)))

        ;; 64 rounds, eight per pass; $i is 4 × the first round's number. Each round:
        ;;   T1 = h + Σ1(e) + Ch(e, f, g) + K[i] + W[i]   Σ1(e) = e ⋙ 6 ⊕ e ⋙ 11 ⊕ e ⋙ 25
        ;;   d += T1                                       Ch = g ⊕ (e ∧ (f ⊕ g))
        ;;   h = T1 + Σ0(a) + Maj(a, b, c)                 Σ0(a) = a ⋙ 2 ⊕ a ⋙ 13 ⊕ a ⋙ 22
        ;;                                                 Maj = (a ∧ b) ∨ (c ∧ (a ∨ b))
        ;; and the next round reads the variables renamed by one (h is its a, a its b, …).
        (local.set $i (i32.const 0))
        (loop $rounds
          ;; round i+0
          (local.set $t (i32.add (i32.add (local.get $h)
            (i32.wrap_i64 (i64.shr_u (i64.xor (i64.xor (local.tee $x (i64.mul (i64.extend_i32_u (local.get $e)) (i64.const 0x1_0000_0001)))
              (i64.shr_u (local.get $x) (i64.const 5))) (i64.shr_u (local.get $x) (i64.const 19))) (i64.const 6))))
            (i32.add (i32.xor (local.get $g) (i32.and (local.get $e) (i32.xor (local.get $f) (local.get $g))))
              (i32.load offset=0x300 (local.get $i)))))
          (local.set $d (i32.add (local.get $d) (local.get $t)))
          (local.set $h (i32.add (i32.add (local.get $t)
            (i32.wrap_i64 (i64.shr_u (i64.xor (i64.xor (local.tee $x (i64.mul (i64.extend_i32_u (local.get $a)) (i64.const 0x1_0000_0001)))
              (i64.shr_u (local.get $x) (i64.const 11))) (i64.shr_u (local.get $x) (i64.const 20))) (i64.const 2))))
            (i32.or (i32.and (local.get $a) (local.get $b)) (i32.and (local.get $c) (i32.or (local.get $a) (local.get $b))))))
          ;; round i+1
          (local.set $t (i32.add (i32.add (local.get $g)
            (i32.wrap_i64 (i64.shr_u (i64.xor (i64.xor (local.tee $x (i64.mul (i64.extend_i32_u (local.get $d)) (i64.const 0x1_0000_0001)))
              (i64.shr_u (local.get $x) (i64.const 5))) (i64.shr_u (local.get $x) (i64.const 19))) (i64.const 6))))
            (i32.add (i32.xor (local.get $f) (i32.and (local.get $d) (i32.xor (local.get $e) (local.get $f))))
              (i32.load offset=0x304 (local.get $i)))))
          (local.set $c (i32.add (local.get $c) (local.get $t)))
          (local.set $g (i32.add (i32.add (local.get $t)
            (i32.wrap_i64 (i64.shr_u (i64.xor (i64.xor (local.tee $x (i64.mul (i64.extend_i32_u (local.get $h)) (i64.const 0x1_0000_0001)))
              (i64.shr_u (local.get $x) (i64.const 11))) (i64.shr_u (local.get $x) (i64.const 20))) (i64.const 2))))
            (i32.or (i32.and (local.get $h) (local.get $a)) (i32.and (local.get $b) (i32.or (local.get $h) (local.get $a))))))
          ;; round i+2
          (local.set $t (i32.add (i32.add (local.get $f)
            (i32.wrap_i64 (i64.shr_u (i64.xor (i64.xor (local.tee $x (i64.mul (i64.extend_i32_u (local.get $c)) (i64.const 0x1_0000_0001)))
              (i64.shr_u (local.get $x) (i64.const 5))) (i64.shr_u (local.get $x) (i64.const 19))) (i64.const 6))))
            (i32.add (i32.xor (local.get $e) (i32.and (local.get $c) (i32.xor (local.get $d) (local.get $e))))
              (i32.load offset=0x308 (local.get $i)))))
          (local.set $b (i32.add (local.get $b) (local.get $t)))
          (local.set $f (i32.add (i32.add (local.get $t)
            (i32.wrap_i64 (i64.shr_u (i64.xor (i64.xor (local.tee $x (i64.mul (i64.extend_i32_u (local.get $g)) (i64.const 0x1_0000_0001)))
              (i64.shr_u (local.get $x) (i64.const 11))) (i64.shr_u (local.get $x) (i64.const 20))) (i64.const 2))))
            (i32.or (i32.and (local.get $g) (local.get $h)) (i32.and (local.get $a) (i32.or (local.get $g) (local.get $h))))))
          ;; round i+3
          (local.set $t (i32.add (i32.add (local.get $e)
            (i32.wrap_i64 (i64.shr_u (i64.xor (i64.xor (local.tee $x (i64.mul (i64.extend_i32_u (local.get $b)) (i64.const 0x1_0000_0001)))
              (i64.shr_u (local.get $x) (i64.const 5))) (i64.shr_u (local.get $x) (i64.const 19))) (i64.const 6))))
            (i32.add (i32.xor (local.get $d) (i32.and (local.get $b) (i32.xor (local.get $c) (local.get $d))))
              (i32.load offset=0x30c (local.get $i)))))
          (local.set $a (i32.add (local.get $a) (local.get $t)))
          (local.set $e (i32.add (i32.add (local.get $t)
            (i32.wrap_i64 (i64.shr_u (i64.xor (i64.xor (local.tee $x (i64.mul (i64.extend_i32_u (local.get $f)) (i64.const 0x1_0000_0001)))
              (i64.shr_u (local.get $x) (i64.const 11))) (i64.shr_u (local.get $x) (i64.const 20))) (i64.const 2))))
            (i32.or (i32.and (local.get $f) (local.get $g)) (i32.and (local.get $h) (i32.or (local.get $f) (local.get $g))))))
          ;; round i+4
          (local.set $t (i32.add (i32.add (local.get $d)
            (i32.wrap_i64 (i64.shr_u (i64.xor (i64.xor (local.tee $x (i64.mul (i64.extend_i32_u (local.get $a)) (i64.const 0x1_0000_0001)))
              (i64.shr_u (local.get $x) (i64.const 5))) (i64.shr_u (local.get $x) (i64.const 19))) (i64.const 6))))
            (i32.add (i32.xor (local.get $c) (i32.and (local.get $a) (i32.xor (local.get $b) (local.get $c))))
              (i32.load offset=0x310 (local.get $i)))))
          (local.set $h (i32.add (local.get $h) (local.get $t)))
          (local.set $d (i32.add (i32.add (local.get $t)
            (i32.wrap_i64 (i64.shr_u (i64.xor (i64.xor (local.tee $x (i64.mul (i64.extend_i32_u (local.get $e)) (i64.const 0x1_0000_0001)))
              (i64.shr_u (local.get $x) (i64.const 11))) (i64.shr_u (local.get $x) (i64.const 20))) (i64.const 2))))
            (i32.or (i32.and (local.get $e) (local.get $f)) (i32.and (local.get $g) (i32.or (local.get $e) (local.get $f))))))
          ;; round i+5
          (local.set $t (i32.add (i32.add (local.get $c)
            (i32.wrap_i64 (i64.shr_u (i64.xor (i64.xor (local.tee $x (i64.mul (i64.extend_i32_u (local.get $h)) (i64.const 0x1_0000_0001)))
              (i64.shr_u (local.get $x) (i64.const 5))) (i64.shr_u (local.get $x) (i64.const 19))) (i64.const 6))))
            (i32.add (i32.xor (local.get $b) (i32.and (local.get $h) (i32.xor (local.get $a) (local.get $b))))
              (i32.load offset=0x314 (local.get $i)))))
          (local.set $g (i32.add (local.get $g) (local.get $t)))
          (local.set $c (i32.add (i32.add (local.get $t)
            (i32.wrap_i64 (i64.shr_u (i64.xor (i64.xor (local.tee $x (i64.mul (i64.extend_i32_u (local.get $d)) (i64.const 0x1_0000_0001)))
              (i64.shr_u (local.get $x) (i64.const 11))) (i64.shr_u (local.get $x) (i64.const 20))) (i64.const 2))))
            (i32.or (i32.and (local.get $d) (local.get $e)) (i32.and (local.get $f) (i32.or (local.get $d) (local.get $e))))))
          ;; round i+6
          (local.set $t (i32.add (i32.add (local.get $b)
            (i32.wrap_i64 (i64.shr_u (i64.xor (i64.xor (local.tee $x (i64.mul (i64.extend_i32_u (local.get $g)) (i64.const 0x1_0000_0001)))
              (i64.shr_u (local.get $x) (i64.const 5))) (i64.shr_u (local.get $x) (i64.const 19))) (i64.const 6))))
            (i32.add (i32.xor (local.get $a) (i32.and (local.get $g) (i32.xor (local.get $h) (local.get $a))))
              (i32.load offset=0x318 (local.get $i)))))
          (local.set $f (i32.add (local.get $f) (local.get $t)))
          (local.set $b (i32.add (i32.add (local.get $t)
            (i32.wrap_i64 (i64.shr_u (i64.xor (i64.xor (local.tee $x (i64.mul (i64.extend_i32_u (local.get $c)) (i64.const 0x1_0000_0001)))
              (i64.shr_u (local.get $x) (i64.const 11))) (i64.shr_u (local.get $x) (i64.const 20))) (i64.const 2))))
            (i32.or (i32.and (local.get $c) (local.get $d)) (i32.and (local.get $e) (i32.or (local.get $c) (local.get $d))))))
          ;; round i+7
          (local.set $t (i32.add (i32.add (local.get $a)
            (i32.wrap_i64 (i64.shr_u (i64.xor (i64.xor (local.tee $x (i64.mul (i64.extend_i32_u (local.get $f)) (i64.const 0x1_0000_0001)))
              (i64.shr_u (local.get $x) (i64.const 5))) (i64.shr_u (local.get $x) (i64.const 19))) (i64.const 6))))
            (i32.add (i32.xor (local.get $h) (i32.and (local.get $f) (i32.xor (local.get $g) (local.get $h))))
              (i32.load offset=0x31c (local.get $i)))))
          (local.set $e (i32.add (local.get $e) (local.get $t)))
          (local.set $a (i32.add (i32.add (local.get $t)
            (i32.wrap_i64 (i64.shr_u (i64.xor (i64.xor (local.tee $x (i64.mul (i64.extend_i32_u (local.get $b)) (i64.const 0x1_0000_0001)))
              (i64.shr_u (local.get $x) (i64.const 11))) (i64.shr_u (local.get $x) (i64.const 20))) (i64.const 2))))
            (i32.or (i32.and (local.get $b) (local.get $c)) (i32.and (local.get $d) (i32.or (local.get $b) (local.get $c))))))
          (br_if $rounds (i32.lt_u (local.tee $i (i32.add (local.get $i) (i32.const 32))) (i32.const 256))))

        (i32.store offset=0x100 (i32.const 0) (i32.add (i32.load offset=0x100 (i32.const 0)) (local.get $a)))
        (i32.store offset=0x104 (i32.const 0) (i32.add (i32.load offset=0x104 (i32.const 0)) (local.get $b)))
        (i32.store offset=0x108 (i32.const 0) (i32.add (i32.load offset=0x108 (i32.const 0)) (local.get $c)))
        (i32.store offset=0x10c (i32.const 0) (i32.add (i32.load offset=0x10c (i32.const 0)) (local.get $d)))
        (i32.store offset=0x110 (i32.const 0) (i32.add (i32.load offset=0x110 (i32.const 0)) (local.get $e)))
        (i32.store offset=0x114 (i32.const 0) (i32.add (i32.load offset=0x114 (i32.const 0)) (local.get $f)))
        (i32.store offset=0x118 (i32.const 0) (i32.add (i32.load offset=0x118 (i32.const 0)) (local.get $g)))
        (i32.store offset=0x11c (i32.const 0) (i32.add (i32.load offset=0x11c (i32.const 0)) (local.get $h)))

        (local.set $block (i32.add (local.get $block) (i32.const 64)))
        (local.set $count (i32.sub (local.get $count) (i32.const 1)))
        (br $next_block))))

  ;; Counts up to $max line ends (\n) in the bytes from $from to $end, and sets `stop` just past the
  ;; last one counted (to $from when there is none). A cold file_read runs this under Liftoff: eight
  ;; bytes a step, a byte at a time only for the tail and for the word that holds the $max-th.
  (func (export "newlines") (param $from i32) (param $end i32) (param $max i32) (result i32)
    (local $at i32) (local $found i32) (local $x i64) (local $in_word i32)
    (local.set $at (local.get $from))
    (block $bytewise
      (loop $words
        (br_if $bytewise (i32.gt_u (i32.add (local.get $at) (i32.const 8)) (local.get $end)))
        ;; A byte of $x is zero where the byte was \n. Adding 0x7f to its low seven bits sets its high
        ;; bit when any of them is set, with no carry into the next byte; or-ing $x adds its own.
        (local.set $x (i64.xor (i64.load (local.get $at)) (i64.const 0x0a0a0a0a0a0a0a0a)))
        (local.set $in_word (i32.wrap_i64 (i64.popcnt
          (i64.xor (i64.and (i64.or (i64.add (i64.and (local.get $x) (i64.const 0x7f7f7f7f7f7f7f7f)) (i64.const 0x7f7f7f7f7f7f7f7f))
                                    (local.get $x))
                            (i64.const 0x8080808080808080))
                   (i64.const 0x8080808080808080)))))
        (br_if $bytewise (i32.ge_u (local.get $in_word) (i32.sub (local.get $max) (local.get $found))))
        (local.set $found (i32.add (local.get $found) (local.get $in_word)))
        (local.set $at (i32.add (local.get $at) (i32.const 8)))
        (br $words)))
    (block $counted
      (loop $bytes
        (br_if $counted (i32.ge_u (local.get $found) (local.get $max)))
        (br_if $counted (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $found (i32.add (local.get $found) (i32.eq (i32.load8_u (local.get $at)) (i32.const 0x0a))))
        (local.set $at (i32.add (local.get $at) (i32.const 1)))
        (br $bytes)))
    ;; Fewer than $max: back from the end to just past the last line end.
    (if (i32.lt_u (local.get $found) (local.get $max))
      (then
        (block $back_done
          (loop $back
            (br_if $back_done (i32.le_u (local.get $at) (local.get $from)))
            (br_if $back_done (i32.eq (i32.load8_u (i32.sub (local.get $at) (i32.const 1))) (i32.const 0x0a)))
            (local.set $at (i32.sub (local.get $at) (i32.const 1)))
            (br $back)))))
    (global.set $stop (local.get $at))
    (local.get $found)))
