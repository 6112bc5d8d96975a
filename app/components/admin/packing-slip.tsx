import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { NotFoundView } from "~/components/layout/not-found";
import { formatOrderDate } from "~/components/orders/order-parts";
import { Alert } from "~/components/ui/field";
import { type CustomsDeclaration, type PackingSlip } from "~/domain/customs/packing-slip.server";
import { PACKING_SLIP_SIZE_LABELS, PACKING_SLIP_SIZES, PACKING_SLIP_TEXT as T, type PackingSlipSize } from "~/domain/customs/texts";
import { centsToDecimal, formatMoney } from "~/lib/money";
import { type PackingSlipPageData } from "~/web/admin/packing-slips.server";
import { AdminAccessDenied } from "~/components/admin/access-denied";

/** The printed page's size and margins (app/styles/admin-packing-slip.css lays out the rest). */
const PAGE_RULES: Record<PackingSlipSize, string> = {
  a4: "@page { size: A4 portrait; margin: 12mm; }",
  // CSS names no A6 keyword: its size in millimetres.
  a6: "@page { size: 105mm 148mm; margin: 4mm; }",
};

/**
 * The packing slips of one or several orders (docs/shipping.md): each on its own page, and for a
 * parcel leaving the EU its customs declaration (CN22 or CN23) on the page after, to go on the
 * outside of the parcel. Works the same without JavaScript: the browser's Print does the rest.
 */
export function PackingSlipsPage({ data }: { data: PackingSlipPageData }) {
  if (data.state === "denied") {
    return <AdminAccessDenied signedIn={data.signedIn} />;
  }
  if (data.state === "not-found") {
    return (
      <div className="container">
        <NotFoundView title={T.notFound} text={T.noneChosen} />
        <p className="admin-order-back-center">
          <Link to="/admin?tab=orders" className="button">
            {T.backToOrders}
          </Link>
        </p>
      </div>
    );
  }
  if (data.state === "refused") {
    return (
      <div className="container narrow">
        <h1>{T.titlePlural}</h1>
        <Alert title={data.message} />
        <p>
          <Link to="/admin?tab=orders">← {T.backToOrders}</Link>
        </p>
      </div>
    );
  }
  const { slips, size } = data;
  return (
    <div className={`packing-slips packing-slips-${size}`}>
      <style>{PAGE_RULES[size]}</style>
      <div className="container packing-slips-toolbar">
        <p className="muted small">
          <Link to={data.back.href}>← {data.back.label}</Link>
        </p>
        <h1>{slips.length === 1 ? `${T.title}: order #${slips[0]!.orderId}` : `${T.titlePlural}: ${slips.length} orders`}</h1>
        <nav className="packing-slips-sizes" aria-label={T.paperSize}>
          <span className="muted small">{T.paperSize}:</span>
          {PACKING_SLIP_SIZES.map((s) => (
            <a key={s} href={data.sizeLinks[s]} aria-current={s === size ? "page" : undefined}>
              {PACKING_SLIP_SIZE_LABELS[s]}
            </a>
          ))}
        </nav>
        <PrintButton />
        <p className="muted small">{T.printHint}</p>
        {data.missing.length ? <Alert title={T.someNotFound(data.missing)} tone="info" /> : null}
      </div>
      {slips.map((slip) => (
        <SlipSheets key={slip.orderId} slip={slip} />
      ))}
    </div>
  );
}

/** Print is the browser's own; the button only saves finding it, so it appears once scripts run. */
function PrintButton() {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  return (
    <button type="button" className="button" onClick={() => window.print()}>
      {T.print}
    </button>
  );
}

function Parties({ slip, to = T.shipTo }: { slip: PackingSlip; to?: string }) {
  const { seller, shipTo } = slip;
  return (
    <div className="slip-parties">
      <section>
        <h3>{T.from}</h3>
        <address>
          <strong>{seller.name}</strong>
          {seller.addressLines.map((line) => (
            <span key={line}>{line}</span>
          ))}
          <span>{seller.email}</span>
          {seller.phone ? <span>{seller.phone}</span> : null}
          {seller.vatLine ? <span>{seller.vatLine}</span> : null}
        </address>
      </section>
      <section>
        <h3>{to}</h3>
        <address className="slip-ship-to">
          <strong>{shipTo.name}</strong>
          {shipTo.lines.map((line) => (
            <span key={line}>{line}</span>
          ))}
          <span className="slip-country">{shipTo.countryName}</span>
        </address>
      </section>
    </div>
  );
}

function SlipSheets({ slip }: { slip: PackingSlip }) {
  const titleId = `slip-${slip.orderId}-title`;
  const priced = slip.totals !== null;
  return (
    <>
      <article className="packing-slip" aria-labelledby={titleId} data-order-id={slip.orderId}>
        <header className="slip-head">
          <h2 id={titleId}>{`${T.title} · ${T.order} #${slip.orderId}`}</h2>
          <p className="muted small">
            {T.placed} <time dateTime={slip.placedAt}>{formatOrderDate(slip.placedAt)}</time>
          </p>
          {slip.isGift ? <p className="slip-gift">{T.gift}</p> : null}
        </header>
        <Parties slip={slip} />
        <table className="slip-lines">
          <thead>
            <tr>
              <th scope="col">{T.item}</th>
              <th scope="col">{T.sku}</th>
              <th scope="col">{T.colour}</th>
              <th scope="col">{T.variation}</th>
              <th scope="col" className="num">
                {T.quantity}
              </th>
              {priced ? (
                <th scope="col" className="num">
                  {T.price}
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {slip.lines.map((line) => (
              <tr key={line.id}>
                <td>{line.title}</td>
                <td className="slip-sku">{line.sku ?? "–"}</td>
                <td>{line.colorName ?? "–"}</td>
                <td>{line.variationName ?? "–"}</td>
                <td className="num">{line.quantity}</td>
                {priced ? <td className="num">{line.lineCents === null ? "" : formatMoney(line.lineCents)}</td> : null}
              </tr>
            ))}
          </tbody>
          {slip.totals ? <SlipTotals totals={slip.totals} /> : null}
        </table>
        {slip.deletedProducts > 0 ? <p className="muted small">{T.productGone}</p> : null}
        {slip.customerMessage ? (
          <section className="slip-message">
            <h3>{T.message}</h3>
            <p>{slip.customerMessage}</p>
          </section>
        ) : null}
        {slip.customs ? null : <p className="muted small slip-screen-only">{T.noCustoms}</p>}
      </article>
      {slip.customs ? <CustomsSheet slip={slip} customs={slip.customs} /> : null}
    </>
  );
}

function SlipTotals({ totals }: { totals: NonNullable<PackingSlip["totals"]> }) {
  const rows: [string, string][] = [
    [T.subtotal, formatMoney(totals.subtotalCents)],
    [T.shipping, formatMoney(totals.shippingCents)],
    ...(totals.discountCents > 0 ? [[T.discount, formatMoney(-totals.discountCents)] as [string, string]] : []),
    [T.total, formatMoney(totals.totalCents)],
  ];
  return (
    <tfoot>
      {rows.map(([label, value]) => (
        <tr key={label}>
          <th scope="row" colSpan={5}>
            {label}
          </th>
          <td className="num">{value}</td>
        </tr>
      ))}
    </tfoot>
  );
}

function CustomsSheet({ slip, customs }: { slip: PackingSlip; customs: CustomsDeclaration }) {
  const titleId = `customs-${slip.orderId}-title`;
  const quantity = customs.lines.reduce((n, l) => n + l.quantity, 0);
  return (
    <section className="customs-declaration" aria-labelledby={titleId} data-customs-form={customs.form}>
      <header className="slip-head">
        <h2 id={titleId}>
          <span className="customs-form">{customs.form}</span> {`${T.customsTitle} · ${T.order} #${slip.orderId}`}
        </h2>
        <p className="small">{T.customsAttach}</p>
      </header>
      <Parties slip={slip} to={T.to} />
      <p className="small">{T.customsCategory}</p>
      <table className="slip-lines customs-lines">
        <thead>
          <tr>
            <th scope="col">{T.customsDescription}</th>
            <th scope="col" className="num">
              {T.customsQuantity}
            </th>
            <th scope="col" className="num">
              {T.customsWeight}
            </th>
            <th scope="col" className="num">
              {T.customsValue}
            </th>
            <th scope="col">{T.customsHsCode}</th>
            <th scope="col">{T.customsOrigin}</th>
          </tr>
        </thead>
        <tbody>
          {customs.lines.map((line, i) => (
            <tr key={i}>
              <td>{line.description}</td>
              <td className="num">{line.quantity}</td>
              <td className="num">{line.netWeightGrams === null ? <span className="slip-warning">{T.weightMissing}</span> : line.netWeightGrams}</td>
              <td className="num">{centsToDecimal(line.valueCents)}</td>
              <td>{line.hsCode}</td>
              <td>{`${line.originName} (${line.originCountry})`}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{T.customsTotal}</th>
            <td className="num">{quantity}</td>
            <td className="num">{customs.missingWeights > 0 ? `${customs.totalWeightGrams}+` : customs.totalWeightGrams}</td>
            <td className="num">{centsToDecimal(customs.totalValueCents)}</td>
            <td colSpan={2} />
          </tr>
        </tfoot>
      </table>
      {customs.missingWeights > 0 ? (
        <p className="slip-warning" role="note">
          {T.weightsMissing(customs.missingWeights)}
        </p>
      ) : null}
      <p className="muted small">{T.limitNote(formatMoney(customs.limitCents))}</p>
    </section>
  );
}
