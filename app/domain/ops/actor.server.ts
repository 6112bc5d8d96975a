import { getOptionalUser } from "~/domain/auth/guards.server";
import { type Actor, actorOf, SYSTEM_ACTOR } from "~/domain/ops/activity.server";
import { getClientIp } from "~/lib/http.server";

// Apart from activity.server.ts so that scripts (backup, restore) can log activity without
// loading the session code, which opens the shop's database as it loads.

/** The signed-in admin of a request as an Actor (the route's guard has already checked the rights). */
export async function requestActor(request: Request): Promise<Actor> {
  const user = await getOptionalUser(request);
  return user ? actorOf(user, request) : { ...SYSTEM_ACTOR, ip: getClientIp(request) };
}
