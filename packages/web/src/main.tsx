// The UI kit's styles, imported for their effect.
// oxlint-disable-next-line import/no-unassigned-import
import './app/mantineStyles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { App } from './app/App.tsx';
import { readAppConfig } from './config/readAppConfig.ts';
import { cssVariablesResolver, theme } from './app/theme.ts';
import { ErrorView } from './ui/ErrorView.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
const root = createRoot(container);

try {
  const config = readAppConfig();
  root.render(
    <StrictMode>
      <App config={config} />
    </StrictMode>,
  );
} catch (error) {
  // Without its configuration the app cannot even sign in; say so instead of showing an empty page.
  root.render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }}>
        <ErrorView error={error} onOk={() => window.location.reload()} />
      </div>
    </MantineProvider>,
  );
}
