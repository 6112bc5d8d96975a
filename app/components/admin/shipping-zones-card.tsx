import { Form } from "@remix-run/react";
import { confirmFirst, ConfirmStep, errorFrom, useStoreReply, valueFrom } from "~/components/admin/store-parts";
import { Alert, Field } from "~/components/ui/field";
import { STORE_INTENTS } from "~/domain/common/settings-texts";
import { SHIPPING_ZONE_TEXT as T } from "~/domain/shipping/texts";
import { type FieldConstraint } from "~/lib/field-constraint";
import { formatMoney } from "~/lib/money";
import type { StoreActionData } from "~/web/admin/store-tabs.server";
import type { ShippingZonesCardData } from "~/web/admin/shipping-zones.server";

const TAB = "/admin?tab=settings";

type CardZone = ShippingZonesCardData["zones"][number];
type ZoneConstraints = Record<string, FieldConstraint>;

const money = (decimal: string) => formatMoney(Math.round(Number(decimal) * 100));

/** One line about a zone: where, and at what price (or that it is not shipped to). */
function zoneSummary(zone: CardZone): string {
  const where = zone.countryNames.length > 4 ? `${zone.countryNames.length} countries` : zone.countryNames.join(", ");
  if (!zone.shipped) return `${where} · not shipped`;
  const free = zone.freeShippingFrom ? ` · free from ${money(zone.freeShippingFrom)}` : "";
  return `${where} · ${money(zone.standardPrice)}, large items ${money(zone.largePrice)}${free}`;
}

/**
 * The Settings tab's 'Shipping zones' card: every zone in its own form (name, countries, the two
 * prices, the free-shipping threshold, shipped or not with a message), a form to add one, and a
 * delete per zone (asked first: a confirm prompt, or without JavaScript a step of its own).
 */
export function ShippingZonesCard({ data }: { data: ShippingZonesCardData }) {
  const reply = useStoreReply(STORE_INTENTS.zoneSave, STORE_INTENTS.zoneDelete);
  const saveReply = reply?.intent === STORE_INTENTS.zoneSave ? reply : null;
  // Which form the refused post came from: its zone's id, or none for the new zone.
  const repliedId = saveReply ? String(saveReply.result?.initialValue?.id ?? "") : null;
  const replyFor = (zone: CardZone | null) => (repliedId !== null && repliedId === (zone ? String(zone.id) : "") ? saveReply : null);
  const constraints = data.constraints as ZoneConstraints;
  return (
    <section className="form-card shipping-zones" id="shipping-zones" aria-labelledby="shipping-zones-title">
      <h3 id="shipping-zones-title">{T.title}</h3>
      <p className="muted small">{T.intro}</p>
      {reply?.failure ? <Alert title={reply.failure.title}>{reply.failure.description}</Alert> : null}
      {data.confirmDelete ? (
        <ConfirmStep
          question={T.deleteConfirm}
          detail={data.confirmDelete.name}
          action={TAB}
          intent={STORE_INTENTS.zoneDelete}
          fields={{ id: data.confirmDelete.id }}
          yes="Yes, delete"
          cancelTo={TAB}
        />
      ) : null}
      <ul className="zone-list" role="list">
        {data.zones.map((zone) => {
          const own = replyFor(zone);
          return (
            <li key={zone.id}>
              <details className="zone" open={own !== null || undefined}>
                <summary>
                  <span className="strong">{zone.name}</span> <span className="muted small">{zoneSummary(zone)}</span>
                </summary>
                <ZoneForm zone={zone} reply={own} constraints={constraints} />
                <Form method="post" action={TAB} onSubmit={confirmFirst(T.deleteConfirm)} className="zone-delete">
                  <input type="hidden" name="intent" value={STORE_INTENTS.zoneDelete} />
                  <input type="hidden" name="id" value={zone.id} />
                  <input type="hidden" name="confirmed" value="" />
                  <button type="submit" className="button button-ghost store-btn-sm" aria-label={`Delete the zone ${zone.name}`}>
                    Delete Zone
                  </button>
                </Form>
              </details>
            </li>
          );
        })}
      </ul>
      <details className="zone zone-new" open={replyFor(null) !== null || undefined}>
        <summary className="strong">Add a zone</summary>
        <ZoneForm zone={null} reply={replyFor(null)} constraints={constraints} />
      </details>
    </section>
  );
}

function ZoneForm({ zone, reply, constraints }: { zone: CardZone | null; reply: StoreActionData | null; constraints: ZoneConstraints }) {
  const prefix = zone ? `zone-${zone.id}-` : "zone-new-";
  const value = (name: string, stored: string) => valueFrom(reply, name, stored);
  const shipped = value("shipped", zone ? (zone.shipped ? "yes" : "no") : "yes") !== "no";
  const countriesError = errorFrom(reply, "countries");
  const countriesId = `${prefix}countries`;
  const describedBy = [`${countriesId}-hint`, countriesError ? `${countriesId}-error` : null].filter(Boolean).join(" ");
  return (
    <Form method="post" action={TAB} className="form-stack" key={JSON.stringify(reply?.result?.initialValue ?? null)}>
      {reply ? <Alert title={T.notSaved}>Please correct the fields below.</Alert> : null}
      <input type="hidden" name="intent" value={STORE_INTENTS.zoneSave} />
      {zone ? <input type="hidden" name="id" value={zone.id} /> : null}
      <Field
        name="name"
        label="Zone name"
        idPrefix={prefix}
        {...constraints.name}
        defaultValue={value("name", zone?.name ?? "")}
        error={errorFrom(reply, "name")}
      />
      <div className="field">
        <label htmlFor={countriesId}>Countries</label>
        <textarea
          id={countriesId}
          name="countries"
          rows={3}
          required={constraints.countries?.required}
          defaultValue={value("countries", zone?.countries ?? "")}
          aria-invalid={countriesError ? true : undefined}
          aria-describedby={describedBy}
        />
        <p className="field-hint" id={`${countriesId}-hint`}>
          {T.countriesHint}
          {zone ? ` Now: ${zone.countryNames.join(", ")}.` : ""}
        </p>
        {countriesError ? (
          <p className="field-error" id={`${countriesId}-error`}>
            {countriesError}
          </p>
        ) : null}
      </div>
      <div className="form-row">
        {(
          [
            ["standardPrice", "Standard price (USD)", zone?.standardPrice ?? ""],
            ["largePrice", "Large-item price (USD)", zone?.largePrice ?? ""],
          ] as const
        ).map(([name, label, stored]) => (
          <Field
            key={name}
            name={name}
            label={label}
            idPrefix={prefix}
            inputMode="decimal"
            {...constraints[name]}
            defaultValue={value(name, stored)}
            error={errorFrom(reply, name)}
          />
        ))}
      </div>
      <Field
        name="freeShippingFrom"
        label="Free shipping from (USD, optional)"
        idPrefix={prefix}
        inputMode="decimal"
        {...constraints.freeShippingFrom}
        defaultValue={value("freeShippingFrom", zone?.freeShippingFrom ?? "")}
        error={errorFrom(reply, "freeShippingFrom")}
        hint="Orders whose items reach this ship free. Empty: never free."
      />
      <fieldset className="form-stack zone-shipped">
        <legend>Shipping to this zone</legend>
        <label className="check">
          <input type="radio" name="shipped" value="yes" defaultChecked={shipped} /> Shipped at these prices
        </label>
        <label className="check">
          <input type="radio" name="shipped" value="no" defaultChecked={!shipped} /> Not shipped: shoppers read the message below
        </label>
      </fieldset>
      <Field
        name="message"
        label="Message when not shipped"
        idPrefix={prefix}
        {...constraints.message}
        defaultValue={value("message", zone?.message ?? "")}
        error={errorFrom(reply, "message")}
      />
      <button type="submit" className="button">
        {zone ? "Save Zone" : "Add Zone"}
      </button>
    </Form>
  );
}
