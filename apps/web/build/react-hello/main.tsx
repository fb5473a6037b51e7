// The baseline of the first-load figure (issue 11, #6): React 19 rendering one heading, built by Vite like the portal.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <h1>Hello, world</h1>
    </StrictMode>,
  );
