-- Orders carry their amount and its currency (schemas/orders.json), kept with their lines from now
-- on (workflows/order-lines.ts) so the list sorts by amount on an index. Orders made before take
-- theirs from their lines here; one mixing currencies keeps none (amounts are never summed across).
-- On a new database the engine makes both tables after the migrations: nothing to fill then.
-- The runner splits on ';' at line ends: inside the block no line ends with one.
DO $$
BEGIN
  IF to_regclass('order_lines') IS NOT NULL THEN
    ALTER TABLE orders ADD COLUMN IF NOT EXISTS amount numeric(18,4)
    ; ALTER TABLE orders ADD COLUMN IF NOT EXISTS currency integer
    ; UPDATE orders o SET amount = l.amount, currency = l.currency
        FROM (SELECT order_id, sum(amount) AS amount, min(currency) AS currency
                FROM order_lines GROUP BY order_id HAVING count(DISTINCT currency) = 1) l
       WHERE l.order_id = o.id
    ; END IF
  ; END
$$;
