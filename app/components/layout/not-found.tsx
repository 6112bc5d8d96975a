import { HISTORY_BACK_ATTRIBUTE } from "~/lib/behavior-contract";

export function NotFoundView({
  title = "Page Not Found",
  text = "The page you're looking for doesn't exist or has been moved.",
}: {
  title?: string;
  text?: string;
}) {
  return (
    <section className="empty-state">
      <p className="eyebrow">404</p>
      <h1>{title}</h1>
      <p>{text}</p>
      <div className="actions">
        <a className="button" href="/">
          Go Home
        </a>
        <a className="button button-secondary" href="/shop" {...{ [HISTORY_BACK_ATTRIBUTE]: "" }}>
          Go Back
        </a>
      </div>
    </section>
  );
}
