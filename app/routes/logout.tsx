import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { destroySession, getSession } from "~/web/session.server";
import { toastHeader } from "~/web/toast.server";
import { CART_TOAST_TEXT } from "~/domain/cart/texts";
import { pageToast } from "~/web/auth/page-language.server";

export async function loader() {
  return redirect("/");
}

/** POST only: destroys the server-side session and returns to the home page. */
export async function action({ request }: ActionFunctionArgs) {
  const session = await getSession(request);
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(session));
  headers.append("Set-Cookie", await toastHeader(pageToast(request, CART_TOAST_TEXT.loggedOut)));
  return redirect("/", { headers });
}
