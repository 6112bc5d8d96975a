import { type MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: "About", description: "A one-person sewing studio making clothes for collectible dolls, shipping from Poland." });

export default function About() {
  return (
    <div className="container narrow prose-page">
      <h1>About the atelier</h1>
      <p>
        Little Stitches Atelier is a one-person sewing team. Every dress, coat and tiny hat is drafted, cut and sewn by hand for
        1:4 and 1:6 scale collectible dolls.
      </p>
      <p>
        Orders ship from Poland by priority airmail and go out within 1-2 business days, carefully boxed and tracked.
      </p>
      <p>
        <Link to="/shop">Browse the shop</Link> or read the <Link to="/size-guide">size guide</Link>.
      </p>
    </div>
  );
}
