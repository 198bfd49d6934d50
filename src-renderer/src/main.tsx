import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { ensureDesk } from './lib/desk';
// Hand-written CSS, one file per part of the desk; colours are per-theme variables in base.css.
import './styles/base.css';
import './styles/layout.css';
import './styles/queue.css';
import './styles/jobs.css';
import './styles/batch.css';
import './styles/media.css';
import './styles/viewer.css';
import './styles/drawer.css';
import './styles/pages.css';
import './styles/dialogs.css';
import './styles/ask.css';
import './styles/sources.css';
import './styles/follows.css';
import './styles/versions.css';
import './styles/insights.css';

ensureDesk();
const root = document.getElementById('root');
if (root !== null) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
