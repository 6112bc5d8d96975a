import { type OrderPlnApi, type OrderTaxApi, TAX_REGIME_LABELS } from "~/domain/records/tax";
import { formatDecimalMoney } from "~/lib/money";

/** The admin order page's 'Tax record': what the order was recorded with when it was paid (docs/tax.md). */
export function TaxRecordCard({ records }: { records: { tax: OrderTaxApi | null; pln: OrderPlnApi | null } }) {
  const { tax, pln } = records;
  return (
    <section className="order-card" aria-labelledby="tax-record-title" data-testid="tax-record">
      <h2 id="tax-record-title">Tax record</h2>
      {tax ? (
        <dl className="order-facts small">
          <dt>Regime</dt>
          <dd>{TAX_REGIME_LABELS[tax.regime]}</dd>
          {tax.regime === "exempt" ? null : (
            <>
              <dt>Tax</dt>
              <dd>{`${formatDecimalMoney(tax.amount)} (${tax.ratePercent} %, ${tax.country ?? "—"})`}</dd>
            </>
          )}
          <dt>NBP rate</dt>
          <dd>{pln ? `${pln.rate} PLN/USD, table ${pln.table} of ${pln.date}` : "Not stored yet: filled in after the next rate arrives."}</dd>
          {pln ? (
            <>
              <dt>Total in PLN</dt>
              <dd>{`${pln.total} zł`}</dd>
            </>
          ) : null}
        </dl>
      ) : (
        <p className="muted small">No tax record: the order is not paid, or was paid before the records began.</p>
      )}
    </section>
  );
}
