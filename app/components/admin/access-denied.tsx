import { Link } from "@remix-run/react";
import { ACCESS_DENIED } from "~/components/admin/tabs";

/** The admin pages' answer to someone who is not an admin; a signed-in customer is not offered the admin sign-in. */
export function AdminAccessDenied({ text = ACCESS_DENIED, signedIn = false }: { text?: string; signedIn?: boolean }) {
  return (
    <div className="container narrow">
      <h1>Access Denied</h1>
      <p>{text}</p>
      <p>
        {signedIn ? null : (
          <>
            <Link to="/admin-login">Sign in as an admin</Link> or{" "}
          </>
        )}
        <Link to="/">go to the shop</Link>.
      </p>
    </div>
  );
}
