import { Link, useLocation } from "@remix-run/react";
import { useEffect, useRef, type ComponentProps, type ReactNode } from "react";
import { ADMIN_NAV_GROUPS, ADMIN_TAB_LABELS, adminSectionOf, adminTabHref } from "~/components/admin/admin-nav";
import { ToastRegion } from "~/components/ui/toaster";
import type { AdminChromeData, AdminCounts } from "~/web/admin/admin-chrome.server";
import type { AdminTab } from "~/web/admin/tabs.server";

// The admin's own frame around every /admin page (root.tsx chooses it for admin paths): the store
// name, 'View shop', sign-out and the sections by group. English only, like the whole admin.

/** A section's waiting count, read aloud with what it counts. */
function Count({ n, what, testId }: { n: number; what: string; testId: string }) {
  if (n <= 0) return null;
  return (
    <span className="admin-nav-count" data-testid={testId}>
      <span aria-hidden="true">{n}</span>
      <span className="sr-only">
        , {n} {what}
      </span>
    </span>
  );
}

function countOf(tab: AdminTab, counts: AdminCounts): ReactNode {
  if (tab === "orders") return <Count n={counts.ordersToShip} what="to ship" testId="admin-count-to-ship" />;
  if (tab === "reviews") return <Count n={counts.reviewsPending} what="pending" testId="admin-count-reviews" />;
  return null;
}

/** Open withdrawals have a deadline: a link of their own to the orders that have one, beside Orders. */
function WithdrawalsWaiting({ n }: { n: number }) {
  if (n <= 0) return null;
  return (
    <Link to="/admin?tab=orders&withdrawal=open" className="admin-nav-alert" data-testid="admin-count-withdrawals">
      <span aria-hidden="true">{n}</span>
      <span className="sr-only">{n === 1 ? "1 withdrawal waiting" : `${n} withdrawals waiting`}</span>
    </Link>
  );
}

function AdminNav({ counts }: { counts: AdminCounts }) {
  const location = useLocation();
  const section = adminSectionOf(location.pathname, location.search);
  const ref = useRef<HTMLElement>(null);
  // On a phone the row scrolls sideways: the open section is brought into view.
  useEffect(() => {
    const nav = ref.current;
    const current = nav?.querySelector<HTMLElement>("[aria-current]");
    if (nav && current && nav.scrollWidth > nav.clientWidth) nav.scrollLeft = current.offsetLeft - 16;
  }, [section?.tab]);
  return (
    <nav className="admin-nav" aria-label="Admin sections" ref={ref}>
      <ul className="admin-nav-groups">
        {ADMIN_NAV_GROUPS.map((group) => (
          <li key={group.label} className="admin-nav-group" data-testid="admin-nav-group">
            <span className="admin-nav-group-label" id={`admin-nav-${group.label.toLowerCase()}`}>
              {group.label}
            </span>
            <ul aria-labelledby={`admin-nav-${group.label.toLowerCase()}`}>
              {group.tabs.map((tab) => (
                <li key={tab} className="admin-nav-item">
                  <Link
                    to={adminTabHref(tab)}
                    aria-current={section?.tab === tab ? (section.current === "page" ? "page" : "true") : undefined}
                    className={section?.tab === tab ? "active" : undefined}
                  >
                    {ADMIN_TAB_LABELS[tab]}
                    {countOf(tab, counts)}
                  </Link>
                  {tab === "orders" ? <WithdrawalsWaiting n={counts.withdrawalsWaiting} /> : null}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The second factor's reminder: on the first admin page of a sign-in; Settings keeps a line for later. */
function TwoFactorReminder() {
  return (
    <div className="admin-reminder alert alert-info" role="status" data-testid="two-factor-reminder">
      <p className="alert-title">Protect the shop with two-factor authentication</p>
      <p>
        Anyone who learns your password can sign in as you. <Link to="/account/two-factor">Turn on two-factor authentication</Link> so a sign-in also needs a
        code from your phone. You can also find this later under Settings.
      </p>
    </div>
  );
}

export function AdminChrome({
  storeName,
  admin,
  signedIn,
  toast,
  children,
}: {
  storeName: string;
  /** null: the visitor is not an admin (the page says 'Access denied'): no sections, no counts. */
  admin: AdminChromeData | null;
  signedIn: boolean;
  toast: ComponentProps<typeof ToastRegion>["initial"];
  children: ReactNode;
}) {
  return (
    <>
      <header className="admin-header">
        <div className="admin-bar">
          <Link to="/admin" className="admin-store">
            {storeName} <span className="admin-store-tag">Admin</span>
          </Link>
          <div className="admin-bar-actions">
            {/* A shopper's page is a lean document, never a client-side render. */}
            <a href="/" className="admin-view-shop">
              View shop
            </a>
            {signedIn ? (
              <form method="post" action="/logout">
                <button type="submit" className="link-button">
                  Sign out
                </button>
              </form>
            ) : null}
          </div>
        </div>
        {admin ? <AdminNav counts={admin.counts} /> : null}
      </header>
      <main id="main" className="main admin-main" tabIndex={-1}>
        {admin?.twoFactorReminder ? (
          <div className="container admin-reminder-wrap">
            <TwoFactorReminder />
          </div>
        ) : null}
        {children}
      </main>
      <ToastRegion initial={toast} />
    </>
  );
}
