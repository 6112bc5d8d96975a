import { Form, Link } from "@remix-run/react";
import { formatMoney } from "~/lib/money";
import { RowActions, RowMenu } from "~/components/admin/row-menu";
import { errorFrom, formatDay, useStoreReply, valueFrom } from "~/components/admin/store-parts";
import { Alert, EmailField, Field } from "~/components/ui/field";
import { type LoyaltyConfig } from "~/domain/loyalty/rules";
import { type AwardPointsSchema } from "~/domain/loyalty/schemas";
import { type FormConstraints } from "~/web/form-constraints.server";
import { STORE_INTENTS } from "~/domain/common/settings-texts";
import { type AccountRow } from "~/domain/auth/accounts.server";

export function UsersTab({ data }: { data: { kind: "users"; users: AccountRow[] } }) {
  return (
    <section className="store-tab" aria-labelledby="users-title">
      <div className="store-tab-head">
        <h2 id="users-title">Users</h2>
        <p className="muted">{data.users.length === 1 ? "1 user" : `${data.users.length} users`}</p>
        <a href="/admin/users.csv" className="button button-ghost" download>
          Export CSV
        </a>
      </div>
      {data.users.length === 0 ? (
        <p className="muted">No users yet.</p>
      ) : (
        <div className="store-table-wrap">
          <table className="store-table">
            <caption className="sr-only">All users</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Loyalty Points</th>
                <th scope="col">Joined</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.users.map((u) => (
                <tr key={u.id} data-testid={`user-row-${u.id}`}>
                  <th scope="row" data-label="Name">
                    {u.name}
                  </th>
                  <td data-label="Email" className="store-break">
                    {u.email}
                  </td>
                  <td data-label="Role">
                    <span className={`store-tag ${u.isAdmin ? "store-tag-admin" : ""}`}>{u.role}</span>
                  </td>
                  <td data-label="Loyalty Points">{u.loyaltyPoints}</td>
                  <td data-label="Joined">{formatDay(u.createdAt)}</td>
                  <RowActions>
                    {/* Answers a customer's access or erasure request (the same file and deletion as /account/data). */}
                    <RowMenu label={u.email}>
                      <a href={`/admin/users/${u.id}/export`} download className="row-menu-item">
                        Export data<span className="sr-only"> of {u.email}</span>
                      </a>
                      {u.isAdmin ? null : (
                        <>
                          <div className="row-menu-separator" role="presentation" />
                          <Link to={`/admin/users/${u.id}/delete`} prefetch="none" className="row-menu-item">
                            Delete account<span className="sr-only"> of {u.email}</span>
                          </Link>
                        </>
                      )}
                    </RowMenu>
                  </RowActions>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

interface LoyaltyData {
  kind: "loyalty";
  config: LoyaltyConfig;
  awards: { id: number; email: string; points: number; pointsAfter: number; createdAt: string }[];
  email: string;
  constraints: FormConstraints<typeof AwardPointsSchema>;
}

const dollars = (n: number) => formatMoney(Math.round(n * 100));

export function LoyaltyTab({ data }: { data: LoyaltyData }) {
  const reply = useStoreReply(STORE_INTENTS.loyaltyAward);
  const ex = data.config.discountExchange;
  const emailError = errorFrom(reply, "email");
  const pointsError = errorFrom(reply, "points");
  return (
    <section className="store-tab" aria-labelledby="loyalty-title">
      <h2 id="loyalty-title">Loyalty</h2>
      <div className="store-columns">
        <section className="form-card" aria-labelledby="award-title">
          <h3 id="award-title">Award Points</h3>
          <p className="muted small">Add points to a customer&rsquo;s balance, e.g. for purchases on the previous shop.</p>
          {reply?.failure ? <Alert title={reply.failure.title}>{reply.failure.description}</Alert> : null}
          <Form method="post" action="/admin?tab=loyalty" className="form-stack" key={JSON.stringify(reply?.result?.initialValue ?? null)}>
            <input type="hidden" name="intent" value={STORE_INTENTS.loyaltyAward} />
            <EmailField
              label="Customer email"
              idPrefix="award-"
              autoComplete="off"
              constraint={data.constraints.email}
              defaultValue={valueFrom(reply, "email", data.email)}
              error={emailError}
            />
            <Field
              name="points"
              label="Points"
              idPrefix="award-"
              type="number"
              inputMode="numeric"
              {...data.constraints.points}
              step={1}
              defaultValue={valueFrom(reply, "points", "")}
              error={pointsError}
            />
            <button type="submit" className="button">
              Award Points
            </button>
          </Form>
        </section>
        <section className="store-card" aria-labelledby="rules-title">
          <h3 id="rules-title">Loyalty Rules</h3>
          <dl className="store-facts">
            <div>
              <dt>Points earned</dt>
              <dd>
                {`1 point per ${dollars(data.config.dollarsPerPoint)} spent${
                  data.config.minimumOrderForPoints > 0 ? ` on orders of ${dollars(data.config.minimumOrderForPoints)} or more` : ""
                }`}
              </dd>
            </div>
            <div>
              <dt>Discount</dt>
              <dd>{`${ex.pointsRequired} points = ${dollars(ex.discountAmount)} off`}</dd>
            </div>
            <div>
              <dt>Minimum order for a discount</dt>
              <dd>{dollars(ex.minimumOrderValue)}</dd>
            </div>
          </dl>
        </section>
      </div>
      <section aria-labelledby="awards-title">
        <h3 id="awards-title">Recent Awards</h3>
        {data.awards.length === 0 ? (
          <p className="muted">No points awarded yet.</p>
        ) : (
          <ul className="store-awards">
            {data.awards.map((a) => (
              <li key={a.id}>
                <span className="strong">+{a.points}</span> <span className="store-break">{a.email}</span>{" "}
                <span className="muted small">
                  (balance {a.pointsAfter}, {formatDay(a.createdAt)})
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
