import { Anchor, Code, List, Stack, Table, Text, Title } from '@mantine/core';
import { MISC_HELP } from '@editor/domain';
import { useAppConfig } from '../../config/AppConfigProvider.tsx';
import { configuredOutboundLinks } from './outboundLinks.ts';

/** The Miscellaneous help page (spec 002 §2, §7): the import routes with who may call them, and internal links. */
export function MiscHelp() {
  const outboundLinks = configuredOutboundLinks(useAppConfig().links);
  return (
    <Stack gap="md" maw={960}>
      <Title order={2} size="h4">
        {MISC_HELP.title}
      </Title>

      <Title order={3} size="h5">
        Import
      </Title>
      <Text>{MISC_HELP.importIntro}</Text>
      {MISC_HELP.importRoutes.map((route) => (
        <Stack key={route.path} component="section" aria-label={route.title} gap="xs">
          <Title order={4} size="h6">
            {route.title}
          </Title>
          <Code block>{`${route.method} ${route.path}`}</Code>
          <Text>{route.description}</Text>
          <Text fw={600}>{route.access}</Text>
          <Table aria-label={`Parameters of ${route.title}`} withTableBorder>
            <Table.Tbody>
              {route.parameters.map((parameter) => (
                <Table.Tr key={parameter.name}>
                  <Table.Td>
                    <Code>{parameter.name}</Code>
                  </Table.Td>
                  <Table.Td>{parameter.description}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ))}

      <Title order={3} size="h5">
        {MISC_HELP.internalLink.title}
      </Title>
      <Text>
        {MISC_HELP.internalLink.text} <Code>{MISC_HELP.internalLink.path}</Code>.
      </Text>

      {outboundLinks.length > 0 && (
        <>
          <Title order={3} size="h5">
            Links
          </Title>
          <List aria-label="Links">
            {outboundLinks.map((link) => (
              <List.Item key={link.key}>
                <Anchor href={link.href} target="_blank" rel="noopener noreferrer">
                  {link.label}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Stack>
  );
}
