/** What React Router's server rendering hands the browser router in a page (StaticRouterProvider's script). */
export interface HydrationData {
  loaderData: Record<string, unknown>;
  actionData: unknown;
  errors: Record<string, { message?: string; __type?: string; status?: number }> | null;
}

const SCRIPT = /<script>window\.__staticRouterHydrationData = JSON\.parse\(("(?:[^"\\]|\\.)*")\);<\/script>/;

/** The hydration data of a server-rendered page; fails when the page has none. */
export function hydrationDataOf(html: string): HydrationData {
  const literal = SCRIPT.exec(html)?.[1];
  if (!literal) throw new Error('The page carries no hydration script');
  return JSON.parse(JSON.parse(literal) as string) as HydrationData;
}
