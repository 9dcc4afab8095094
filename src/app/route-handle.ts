/** What each route tells the shell: locale keys of its title and description (under meta.routes). */
export interface RouteHandle {
  readonly meta: string;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === "object" && value !== null && typeof (value as { meta?: unknown }).meta === "string";
}
