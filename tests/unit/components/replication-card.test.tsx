import { render } from "@testing-library/react";
import { ReplicationCard } from "~/components/admin/functions-tab";
import { REPLICATION_TEXT } from "~/domain/ops/replication-texts";

describe("the Functions tab's replication card", () => {
  it("says 'Replication: not configured' without LITESTREAM_REPLICA_URL, and how to turn it on", () => {
    const { getByTestId, getByText } = render(<ReplicationCard replication={{ configured: false }} />);
    expect(getByTestId("replication")).toHaveTextContent(/^Replication: not configured$/);
    expect(getByText(REPLICATION_TEXT.aboutOff)).toBeInTheDocument();
  });

  it("shows the last sync in UTC and how long ago, and warns when it is older than a minute", () => {
    const fresh = render(<ReplicationCard replication={{ configured: true, lastSyncAt: "2026-11-29T07:35:00.136Z", lagSeconds: 4, stale: false }} />);
    expect(fresh.getByTestId("replication")).toHaveTextContent(/^Last sync: 2026-11-29 07:35:00 UTC \(4 s ago\)$/);
    expect(fresh.getByTestId("replication").querySelector("time")).toHaveAttribute("datetime", "2026-11-29T07:35:00.136Z");
    fresh.unmount();
    const stale = render(<ReplicationCard replication={{ configured: true, lastSyncAt: "2026-11-29T07:35:00.136Z", lagSeconds: 3600, stale: true }} />);
    expect(stale.getByTestId("replication")).toHaveTextContent("(3600 s ago) More than 60 s ago: is db:replicate running?");
    stale.unmount();
    const never = render(<ReplicationCard replication={{ configured: true, lastSyncAt: null, lagSeconds: null, stale: true }} />);
    expect(never.getByTestId("replication")).toHaveTextContent("Replication: no sync yet. Is db:replicate running?");
  });
});
