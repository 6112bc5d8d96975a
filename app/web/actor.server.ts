import { type Actor, actorAt, SYSTEM_ACTOR } from "~/domain/ops/activity.server";
import { getOptionalUser } from "~/web/session.server";
import { getClientIp } from "~/web/http.server";

/** The acting admin of a request (the client address as the server saw it). */
export function actorOf(user: { id: number; email: string }, request: Request): Actor {
  return actorAt(user, getClientIp(request));
}

/** The signed-in admin of a request as an Actor (the route's guard has already checked the rights). */
export async function requestActor(request: Request): Promise<Actor> {
  const user = await getOptionalUser(request);
  return user ? actorOf(user, request) : { ...SYSTEM_ACTOR, ip: getClientIp(request) };
}
