import { Link } from "@remix-run/react";

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
        <Link className="button" to="/">
          Go Home
        </Link>
        <a
          className="button button-secondary"
          href="/shop"
          onClick={(event) => {
            if (window.history.length > 1) {
              event.preventDefault();
              window.history.back();
            }
          }}
        >
          Go Back
        </a>
      </div>
    </section>
  );
}
