import type { ReactNode } from 'react';
import { Anchor, Group, Stack, Table } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { Link } from '../../../router/index.ts';
import type { AssetVersion } from '@editor/domain';
import { useApiClient } from '../../../api/ApiClientProvider.tsx';
import { assetEditorPath } from '../../../router/routes.ts';
import { formatDisplayDateTime } from '../../../ui/formatDate.ts';
import { lifecycleQuery } from './lifecycleQuery.ts';
import { useAssetLinks } from '../../../parts/asset-card/useAssetLinks.ts';
import { NO_VALUE, editorsOf, externalIds } from './metaRows.ts';
import { TranslationBadge } from './TranslationBadge.tsx';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w={150} fw={500} c="dimmed" style={{ verticalAlign: 'top' }}>
        {label}
      </Table.Th>
      <Table.Td style={{ wordBreak: 'break-word' }}>{children}</Table.Td>
    </Table.Tr>
  );
}

/** Spec 002 §2: the other locales, each a link that opens it, with its translation badge (spec 000 §4). */
function Translations({ asset }: { asset: AssetVersion }) {
  const api = useApiClient();
  const others = asset._embedded.about._meta.localizations.filter((entry) => entry.localization !== asset.localization);
  const lifecycles = useQueries({ queries: others.map((entry) => lifecycleQuery(api, { id: asset.id, localization: entry.localization })) });
  if (others.length === 0) return NO_VALUE;
  return (
    <Stack gap={4}>
      {others.map((entry, index) => (
        <Group key={entry.localization} gap={6} wrap="nowrap">
          <Anchor component={Link} to={assetEditorPath({ id: asset.id, locale: entry.localization })} size="sm">
            {entry.localization}
          </Anchor>
          <TranslationBadge status={entry.status} lifecycle={lifecycles[index]?.data} />
        </Group>
      ))}
    </Stack>
  );
}

const dateBy = (date: string, user: string) => `${formatDisplayDateTime(date)} by ${user}`;
const orNone = (value: string | undefined) => value ?? NO_VALUE;

/** Spec 001 §7: the version's url-composer links, only those present, each in a new tab; none leaves the row out. */
function LinksRow({ asset }: { asset: AssetVersion }) {
  const { links } = useAssetLinks(asset);
  if (links.length === 0) return null;
  return (
    <Row label="Links">
      <Stack gap={4}>
        {links.map((link) => (
          <Anchor key={link.rel} href={link.href} target="_blank" rel="noopener noreferrer" size="sm">
            {link.label}
          </Anchor>
        ))}
      </Stack>
    </Row>
  );
}

/**
 * Spec 002 §2 Meta tab: the version's ids, type, spaces, locale and translations, links, dates and editors. A value
 * the asset does not have shows as '—'.
 */
export function MetaPanel({ asset, stencilLabel }: { asset: AssetVersion; stencilLabel: string }) {
  const about = asset._embedded.about;
  const ids = externalIds(asset);
  const editors = editorsOf(asset);
  const { createdDate, createdBy, updatedDate, updatedBy } = asset._meta;

  return (
    <Table variant="vertical" layout="fixed" withTableBorder fz="sm" aria-label="Meta">
      <Table.Tbody>
        <Row label="ID">{asset.id}</Row>
        <Row label="Crepo ID">{about.id}</Row>
        <Row label="MEPP ID">{orNone(ids.meppId)}</Row>
        <Row label="MEPP Program">{orNone(ids.meppProgram)}</Row>
        <Row label="RBU ID">{orNone(ids.rbuId)}</Row>
        <Row label="Asset type">{stencilLabel}</Row>
        <Row label="Content spaces">{about._meta.spaces.length > 0 ? about._meta.spaces.join(', ') : NO_VALUE}</Row>
        <Row label="Localisation">{asset.localization}</Row>
        <Row label="Translations">
          <Translations asset={asset} />
        </Row>
        <LinksRow asset={asset} />
        <Row label="RB2 Asset ID">{orNone(ids.rb2AssetId)}</Row>
        <Row label="Created">{dateBy(createdDate, createdBy)}</Row>
        <Row label="Updated">{dateBy(updatedDate, updatedBy)}</Row>
        <Row label="Editors">{editors ? editors.join(', ') : NO_VALUE}</Row>
        <Row label="First imported">{ids.firstImported ? formatDisplayDateTime(ids.firstImported) : NO_VALUE}</Row>
        <Row label="Last imported">{ids.lastImported ? formatDisplayDateTime(ids.lastImported) : NO_VALUE}</Row>
        <Row label="ContentHub ID">{orNone(ids.contentHubId)}</Row>
      </Table.Tbody>
    </Table>
  );
}
