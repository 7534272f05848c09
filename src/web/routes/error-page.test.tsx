import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ErrorPage } from './error-page.js';

async function render(loader: () => unknown) {
  const handler = createStaticHandler([{ path: '/', loader, element: <p>fine</p>, errorElement: <ErrorPage /> }]);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error('unexpected redirect');
  return renderToString(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />,
  );
}

describe('routing failure screen', () => {
  it("reads 'Oops!' and 'Sorry, an unexpected error has occurred.' followed by the message", async () => {
    const html = await render(() => {
      throw new Error('Request failed with status code 503');
    });
    expect(html).toContain('<h1>Oops!</h1>');
    expect(html).toContain('<p>Sorry, an unexpected error has occurred.</p>');
    expect(html).toContain('<i>Request failed with status code 503</i>');
  });

  it('is not shown when the route loads', async () => {
    expect(await render(() => null)).not.toContain('Oops!');
  });
});
