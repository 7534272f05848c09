import { StrictMode } from 'react';
import { hydrateRoot, createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from './routes.js';
import './styles/app.css';

declare global {
  interface Window {
    /** Written by React Router's StaticRouterProvider on server-rendered pages, read by createBrowserRouter. */
    __staticRouterHydrationData?: unknown;
  }
}

const router = createBrowserRouter(routes);
const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);
const container = document.getElementById('root')!;

if (window.__staticRouterHydrationData) hydrateRoot(container, app);
else createRoot(container).render(app);
