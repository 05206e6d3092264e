import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/spotlight/styles.css';
import './global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { getBridge } from './api/bridge.js';
import { AppProviders } from './app/app-providers.js';
import { createQueryClient } from './app/query-client.js';
import { createAppRouter, preloadLaunchScreen } from './app/router.js';

// Take the browser host's launch secret out of the address bar before the router reads the URL.
getBridge();

const queryClient = createQueryClient();
const router = createAppRouter();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
// The launch screen's code loads while the host starts and answers the first bridge calls (the page
// waits for them anyway; on a first run the chunk is there when the welcome screen is left).
preloadLaunchScreen(router.state.location.pathname);
