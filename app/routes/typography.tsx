import { type MetaFunction } from "@remix-run/node";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction = (args) => pageMeta(args, { title: "Typography", noindex: true });

export default function Typography() {
  return (
    <div className="container narrow prose-page">
      <h1>Heading one</h1>
      <h2>Heading two</h2>
      <h3>Heading three</h3>
      <p>
        Body text with a <a href="/shop">link</a>, <strong>strong</strong> and <em>emphasis</em>.
      </p>
      <ul>
        <li>List item</li>
        <li>List item</li>
      </ul>
      <p className="note">A note.</p>
      <p>
        <button type="button" className="button">
          Button
        </button>{" "}
        <button type="button" className="button button-secondary">
          Secondary
        </button>
      </p>
    </div>
  );
}
