import { type MetaFunction } from "@remix-run/node";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: "Size Guide", description: "Which doll bodies our 1:4 and 1:6 scale clothes fit." });

export default function SizeGuide() {
  return (
    <div className="container narrow prose-page">
      <h1>Size Guide</h1>
      <h2>1:4 scale (about 40-45 cm)</h2>
      <ul>
        <li>Girl bodies: slim MSD-size bodies with a 13-15 cm waist.</li>
        <li>Boy bodies: MSD boy bodies and slim 1:4 youth bodies.</li>
      </ul>
      <h2>1:6 scale (about 26-30 cm)</h2>
      <ul>
        <li>Girl bodies: standard fashion-doll bodies with a 9-10 cm waist.</li>
        <li>Boy bodies: standard 1:6 male fashion-doll bodies.</li>
      </ul>
      <p className="note">A detailed visual guide is coming soon.</p>
    </div>
  );
}
