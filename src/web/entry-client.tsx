import { StrictMode } from 'react';
import { hydrateRoot, createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, type HydrationState } from 'react-router';
import { routes } from './routes.js';
import './styles/app.css';

/** Server-rendered pages carry their loader data as JSON (not an inline script, so CSP can forbid those). */
function readHydrationData(): HydrationState | undefined {
  const element = document.getElementById('router-data');
  return element?.textContent ? (JSON.parse(element.textContent) as HydrationState) : undefined;
}

const hydrationData = readHydrationData();
const router = createBrowserRouter(routes, { hydrationData });
const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);
const container = document.getElementById('root')!;

if (hydrationData) hydrateRoot(container, app);
else createRoot(container).render(app);
