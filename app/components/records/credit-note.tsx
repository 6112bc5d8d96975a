import { CREDIT_NOTE_LABELS as L, type CreditNoteSnapshot } from "~/domain/records/credit-note-snapshot";
import { centsToDecimal } from "~/lib/money";

/* A credit note as issued: one A4 sheet, Polish and English side by side, printable without JavaScript. */

const usd = (cents: number) => `${centsToDecimal(cents)} USD`;
const pln = (grosze: number) => `${centsToDecimal(grosze)} PLN`;

function Party({ title, name, address, taxId }: { title: string; name: string; address: string; taxId?: string | null }) {
  return (
    <div>
      <h2>{title}</h2>
      <address>
        <strong>{name}</strong>
        {address.split("\n").map((line, i) => (
          <span key={i}>{line}</span>
        ))}
        {taxId ? (
          <span>
            {L.taxId}: {taxId}
          </span>
        ) : null}
      </address>
    </div>
  );
}

function Lines({ note }: { note: CreditNoteSnapshot }) {
  if (!note.lines) return <p data-testid="credit-note-amount-only">{L.amountOnly}</p>;
  return (
    <table className="credit-note-lines">
      <thead>
        <tr>
          <th scope="col">{L.item}</th>
          <th scope="col">{L.quantity}</th>
          <th scope="col">{L.paid}</th>
        </tr>
      </thead>
      <tbody>
        {note.lines.map((line, i) => (
          <tr key={i}>
            <td>{line.title}</td>
            <td>{line.quantity}</td>
            <td>−{usd(line.paidCents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function CreditNotePage({ note }: { note: CreditNoteSnapshot }) {
  return (
    <article className="credit-note" aria-labelledby="credit-note-title">
      <header className="credit-note-head">
        <h1 id="credit-note-title">{L.title}</h1>
        <p>
          {L.number}: <strong data-testid="credit-note-number">{note.number}</strong>
        </p>
        <p data-testid="credit-note-corrects">
          {L.corrects} <strong>{note.corrects.number}</strong> {L.ofDate} {note.corrects.issueDate}
        </p>
        <dl className="credit-note-dates">
          <dt>{L.issueDate}</dt>
          <dd>{note.issueDate}</dd>
          <dt>{L.saleDate}</dt>
          <dd>{note.saleDate}</dd>
          <dt>{L.order}</dt>
          <dd>#{note.orderId}</dd>
        </dl>
      </header>
      <div className="credit-note-parties">
        <Party title={L.seller} name={note.seller.legalName} address={note.seller.address} />
        <Party title={L.buyer} name={note.buyer.name} address={note.buyer.address} taxId={note.buyer.taxId} />
      </div>
      <p>
        {L.reason}: {L.reasons[note.reason]}
      </p>
      <Lines note={note} />
      <dl className="credit-note-sum">
        {note.tax ? (
          <>
            <dt>{L.vatRate}</dt>
            <dd>{note.tax.rateBp / 100}%</dd>
            <dt>{L.net}</dt>
            <dd>−{usd(note.tax.netCents)}</dd>
            <dt>{L.vat}</dt>
            <dd data-testid="credit-note-tax">−{usd(note.tax.taxCents)}</dd>
          </>
        ) : null}
        <dt>{L.amount}</dt>
        <dd data-testid="credit-note-total">−{usd(note.amountCents)}</dd>
        {note.pln ? (
          <>
            <dt>{L.nbpRate}</dt>
            <dd>
              {note.pln.mid.toFixed(4)} ({note.pln.table}, {note.pln.date})
            </dd>
            <dt>{L.pln}</dt>
            <dd data-testid="credit-note-pln">−{pln(note.pln.amountGrosze)}</dd>
          </>
        ) : null}
      </dl>
      {note.seller.vatLine ? <p className="small">{note.seller.vatLine}</p> : null}
    </article>
  );
}
