import { Tabs } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from '../router/index.ts';
import { PageHeading } from '../ui/PageHeading.tsx';
import { HELP } from '../router/routes.ts';

const TABS = [HELP.tabs.eaql, HELP.tabs.misc];

/** Help (spec 002 §2): the tabs EAQL and Miscellaneous, each with its own path. */
export function HelpPage() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <PageHeading>{HELP.label}</PageHeading>
      <Tabs value={location.pathname} onChange={(path) => path && void navigate(path)} mb="md">
        <Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab.path} value={tab.path}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </>
  );
}
