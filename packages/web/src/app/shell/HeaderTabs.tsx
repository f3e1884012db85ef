import { Tabs } from '@mantine/core';
import { useMatches, useNavigate } from '../../router/index.ts';
import { useDropToUploads } from '../../features/uploads/useDropToUploads.ts';
import { ROUTES, isRouteName, type RouteName } from '../../router/routes.ts';

/** Spec 001 §2.1: the tabs, by route name. */
const TAB_ROUTES = ['AllContent', 'Favorites', 'MyContent', 'MediaArchive', 'ImageUploads', 'PublicationOverview'] as const satisfies readonly RouteName[];

function isTabRoute(name: RouteName): name is (typeof TAB_ROUTES)[number] {
  return (TAB_ROUTES as readonly RouteName[]).includes(name);
}

/**
 * The selected tab follows the route; the Asset Editor tab exists only while an asset is open, Image Uploads only for
 * a user who may upload (`canUploadImages`).
 */
export function HeaderTabs({ canUploadImages }: { canUploadImages: boolean }) {
  const navigate = useNavigate();
  // Spec 001 §2.8: files dropped on the Image Uploads tab go to the upload list.
  const uploadsDrop = useDropToUploads();
  const routeName = useMatches()
    .map((match) => match.id ?? '')
    .findLast(isRouteName);
  const isEditorOpen = routeName === 'AssetEditor';
  const selected = routeName && (isTabRoute(routeName) || isEditorOpen) ? routeName : null;
  const tabs = canUploadImages ? TAB_ROUTES : TAB_ROUTES.filter((name) => name !== 'ImageUploads');

  return (
    <Tabs
      value={selected}
      onChange={(value) => {
        if (value && isRouteName(value) && isTabRoute(value)) void navigate(ROUTES[value].path);
      }}
      h="100%"
      // The tabs take the room left between title and actions, and scroll sideways when it is not enough.
      styles={{
        root: { '--tab-border-color': 'transparent', flex: '1 1 auto', minWidth: 0 },
        list: { height: '100%', flexWrap: 'nowrap', overflowX: 'auto', scrollbarWidth: 'none' },
        tab: { height: '100%', flexShrink: 0, paddingInline: 12, whiteSpace: 'nowrap' },
      }}
    >
      <Tabs.List>
        {tabs.map((name) => (
          <Tabs.Tab key={name} value={name} {...(name === 'ImageUploads' ? uploadsDrop : {})}>
            {ROUTES[name].label}
          </Tabs.Tab>
        ))}
        {isEditorOpen && <Tabs.Tab value="AssetEditor">{ROUTES.AssetEditor.label}</Tabs.Tab>}
      </Tabs.List>
    </Tabs>
  );
}
