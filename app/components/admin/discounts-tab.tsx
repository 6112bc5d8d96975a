import { Form, Link } from "@remix-run/react";
import { RowActions } from "~/components/admin/row-menu";
import { errorFrom, useStoreReply, valueFrom } from "~/components/admin/store-parts";
import { Alert, Field } from "~/components/ui/field";
import { DISCOUNT_ADMIN_TEXT as T, DISCOUNT_INTENTS, DISCOUNT_TYPE_LABELS } from "~/domain/discounts/admin-texts";
import { type FieldConstraint } from "~/lib/field-constraint";
import type { StoreActionData } from "~/web/admin/store-tabs.server";
import type { DiscountsTabData } from "~/web/admin/discounts-tab.server";

const TAB = "/admin?tab=discounts";

type Editing = NonNullable<DiscountsTabData["editing"]>;
type Constraints = Record<string, FieldConstraint>;

/**
 * The Discounts tab: every code in a table (what it gives, its minimum, dates, uses and
 * switches) with an Edit link each, the edit form for `&edit=ID`, and the 'New discount code'
 * form. Plain forms posting to the tab; a refused one comes back with its field errors.
 */
export function DiscountsTab({ data }: { data: DiscountsTabData }) {
  const reply = useStoreReply(DISCOUNT_INTENTS.create, DISCOUNT_INTENTS.update);
  const editing = data.editing;
  const constraints = data.constraints as Constraints;
  return (
    <section className="store-tab" aria-labelledby="discounts-title">
      <h2 id="discounts-title">{T.title}</h2>
      <p className="muted">{T.intro}</p>
      {reply?.failure ? <Alert title={reply.failure.title}>{reply.failure.description}</Alert> : null}
      {editing ? <DiscountForm editing={editing} reply={reply?.intent === DISCOUNT_INTENTS.update ? reply : null} constraints={constraints} /> : null}
      {data.discounts.length === 0 ? <p className="muted">{T.empty}</p> : <DiscountTable discounts={data.discounts} />}
      {editing ? null : <DiscountForm editing={null} reply={reply?.intent === DISCOUNT_INTENTS.create ? reply : null} constraints={constraints} />}
    </section>
  );
}

const yesNo = (on: boolean) => (on ? "Yes" : "No");

/** A code's dates in shop time: 'Always', 'From …', 'Until …' or '… – …'. */
function validity(from: string | null, to: string | null): string {
  if (from && to) return `${from} – ${to}`;
  if (from) return `From ${from}`;
  return to ? `Until ${to}` : "Always";
}

function DiscountTable({ discounts }: { discounts: DiscountsTabData["discounts"] }) {
  return (
    <div className="store-table-wrap">
      <table className="store-table">
        <caption className="sr-only">All discount codes</caption>
        <thead>
          <tr>
            <th scope="col">Code</th>
            <th scope="col">Gives</th>
            <th scope="col">Minimum</th>
            <th scope="col">Valid</th>
            <th scope="col">Uses</th>
            <th scope="col">Once per e-mail</th>
            <th scope="col">Public</th>
            <th scope="col">Active</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {discounts.map((d) => (
            <tr key={d.id} data-testid={`discount-row-${d.code}`}>
              <th scope="row" data-label="Code">
                {d.code}
              </th>
              <td data-label="Gives">{d.gives}</td>
              <td data-label="Minimum">{d.minimum ?? "None"}</td>
              <td data-label="Valid">{validity(d.from, d.to)}</td>
              <td data-label="Uses">{d.uses}</td>
              <td data-label="Once per e-mail">{yesNo(d.oncePerEmail)}</td>
              <td data-label="Public">{yesNo(d.public)}</td>
              <td data-label="Active">
                <span className={d.active ? "store-tag store-tag-admin" : "store-tag"}>{d.active ? "Active" : "Off"}</span>
              </td>
              <RowActions>
                <Link to={`${TAB}&edit=${d.id}`} className="button button-secondary store-btn-sm" aria-label={`Edit ${d.code}`}>
                  Edit
                </Link>
              </RowActions>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A checkbox after a refused post is as it was sent (Conform's value "on", or left out), else as stored. */
function checked(reply: StoreActionData | null, name: string, stored: boolean): boolean {
  const sent = reply?.result?.initialValue;
  return sent ? sent[name] === "on" || sent[name] === "true" : stored;
}

function DiscountForm({ editing, reply, constraints }: { editing: Editing | null; reply: StoreActionData | null; constraints: Constraints }) {
  const prefix = editing ? "discount-edit-" : "discount-new-";
  const value = (name: string, stored: string) => valueFrom(reply, name, stored);
  const formError = errorFrom(reply, "");
  const titleId = `${prefix}title`;
  return (
    <section className="form-card" aria-labelledby={titleId}>
      <h3 id={titleId}>{editing ? T.editTitle(editing.code) : T.newTitle}</h3>
      {reply ? <Alert title={T.notSaved}>{formError ?? T.fixFields}</Alert> : null}
      <Form
        method="post"
        action={editing ? `${TAB}&edit=${editing.id}` : TAB}
        className="form-stack discount-form"
        key={JSON.stringify(reply?.result?.initialValue ?? null) + (editing?.id ?? "new")}
      >
        <input type="hidden" name="intent" value={editing ? DISCOUNT_INTENTS.update : DISCOUNT_INTENTS.create} />
        {editing ? (
          <>
            <input type="hidden" name="id" value={editing.id} />
            <p>
              Code <span className="strong">{editing.code}</span>, used by {editing.uses} {editing.uses === 1 ? "order" : "orders"}.{" "}
              <span className="muted small">{T.codeFixed}</span>
            </p>
          </>
        ) : (
          <Field
            name="code"
            label="Code"
            idPrefix={prefix}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            {...constraints.code}
            defaultValue={value("code", "")}
            error={errorFrom(reply, "code")}
            hint={T.codeHint}
          />
        )}
        <div className="form-row">
          <TypeSelect prefix={prefix} value={value("type", editing?.type ?? "percent")} error={errorFrom(reply, "type")} />
          <Field
            name="value"
            label="Value"
            idPrefix={prefix}
            inputMode="decimal"
            autoComplete="off"
            {...constraints.value}
            defaultValue={value("value", editing?.value ?? "")}
            error={errorFrom(reply, "value")}
            hint={T.valueHint}
          />
        </div>
        <div className="form-row">
          <Field
            name="minSubtotal"
            label="Minimum subtotal (USD, optional)"
            idPrefix={prefix}
            inputMode="decimal"
            autoComplete="off"
            {...constraints.minSubtotal}
            defaultValue={value("minSubtotal", editing?.minSubtotal ?? "")}
            error={errorFrom(reply, "minSubtotal")}
            hint="The items' subtotal before any discount."
          />
          <Field
            name="maxUses"
            label="Most uses (optional)"
            idPrefix={prefix}
            type="number"
            inputMode="numeric"
            step={1}
            {...constraints.maxUses}
            defaultValue={value("maxUses", editing?.maxUses ?? "")}
            error={errorFrom(reply, "maxUses")}
            hint={T.maxUsesHint}
          />
        </div>
        <div className="form-row">
          <Field
            name="startsAt"
            label="Valid from (optional)"
            idPrefix={prefix}
            type="datetime-local"
            defaultValue={value("startsAt", editing?.startsAt ?? "")}
            error={errorFrom(reply, "startsAt")}
            hint={T.datesHint}
          />
          <Field
            name="endsAt"
            label="Valid until (optional)"
            idPrefix={prefix}
            type="datetime-local"
            defaultValue={value("endsAt", editing?.endsAt ?? "")}
            error={errorFrom(reply, "endsAt")}
          />
        </div>
        <DiscountSwitches prefix={prefix} reply={reply} editing={editing} />
        <div className="actions">
          <button type="submit" className="button">
            {editing ? "Save Discount Code" : "Add Discount Code"}
          </button>
          {editing ? (
            <Link to={TAB} className="button button-secondary">
              Cancel
            </Link>
          ) : null}
        </div>
      </Form>
    </section>
  );
}

function TypeSelect({ prefix, value, error }: { prefix: string; value: string; error: string | undefined }) {
  return (
    <div className="field">
      <label htmlFor={`${prefix}type`}>Type</label>
      <select
        id={`${prefix}type`}
        name="type"
        required
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${prefix}type-error` : undefined}
      >
        {Object.entries(DISCOUNT_TYPE_LABELS).map(([type, label]) => (
          <option key={type} value={type}>
            {label}
          </option>
        ))}
      </select>
      {error ? (
        <p className="field-error" id={`${prefix}type-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Once per e-mail, Public (with what it means on product pages) and Active. */
function DiscountSwitches({ prefix, reply, editing }: { prefix: string; reply: StoreActionData | null; editing: Editing | null }) {
  return (
    <>
      <div className="check">
        <input
          id={`${prefix}oncePerEmail`}
          type="checkbox"
          name="oncePerEmail"
          defaultChecked={checked(reply, "oncePerEmail", editing?.oncePerEmail ?? false)}
        />
        <label htmlFor={`${prefix}oncePerEmail`}>Once per e-mail address</label>
      </div>
      <div className="check">
        <input
          id={`${prefix}public`}
          type="checkbox"
          name="public"
          aria-describedby={`${prefix}public-hint`}
          defaultChecked={checked(reply, "public", editing?.public ?? false)}
        />
        <label htmlFor={`${prefix}public`}>Public</label>
      </div>
      <p className="field-hint" id={`${prefix}public-hint`}>
        {T.publicHelp}
      </p>
      <div className="check">
        <input id={`${prefix}active`} type="checkbox" name="active" defaultChecked={checked(reply, "active", editing?.active ?? true)} />
        <label htmlFor={`${prefix}active`}>Active (shoppers can use it)</label>
      </div>
    </>
  );
}
