import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/domain/auth/guards.server";
import { listOrdersForUser } from "~/domain/orders/orders.server";
import { db } from "~/lib/db.server";
import { apiHandler } from "~/lib/http.server";

/** GET /api/orders: the signed-in customer's orders `{id, status, total, createdAt, confirmationToken}`. */
export async function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireApiUser(request);
    const orders = await listOrdersForUser(db, user.id);
    return json(
      orders.map(({ id, status, total, createdAt, confirmationToken }) => ({ id, status, total, createdAt, confirmationToken })),
      { headers: { "Cache-Control": "no-store" } },
    );
  });
}
