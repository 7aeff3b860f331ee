import './zod-jitless';
import '@fontsource-variable/inter';
// The display face of the headings (tokens.css), in the one weight they use, for Latin text only.
import '@fontsource/cormorant-garamond/latin-600.css';
import '../styles/tokens.css';
import '../styles/fallback-faces.css';
import './console.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { App } from './App';
import { CONSOLE_BASE } from './screens';

const queries = new QueryClient({
  defaultOptions: {
    // A 4xx will not turn into a 2xx by asking again; a dropped connection might.
    queries: { retry: (count, error) => count < 2 && !('status' in error), refetchOnWindowFocus: true },
  },
});

const root = document.getElementById('root');
if (root === null) throw new Error('The console page has no #root element.');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queries}>
      <Router base={CONSOLE_BASE}>
        <App />
      </Router>
    </QueryClientProvider>
  </StrictMode>,
);
