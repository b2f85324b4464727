import type { ComponentType } from 'react'
import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core'
import {
  IconBuildingWarehouse,
  IconCalendarX,
  IconDoor,
  IconFileText,
  IconFiles,
  IconCash,
  IconTrendingUp,
  IconFilter,
  IconGavel,
  IconHelpCircle,
  IconHome,
  IconKey,
  IconMail,
  IconMailForward,
  IconMap,
  IconMapPin,
  IconNews,
  IconPhotoStar,
  IconReceipt,
  IconReceiptRefund,
  IconSettings,
  IconShieldLock,
  IconSpeakerphone,
  IconStar,
  IconUsers,
  type IconProps,
} from '@tabler/icons-react'
import { Link } from 'react-router'
import { homeLinksFor, type AdminPagePath } from '@storageops/contracts/admin-pages'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { useAdminUser } from './use-admin-user.ts'

const ICONS: Record<AdminPagePath, ComponentType<IconProps>> = {
  '/locations': IconMapPin,
  '/states': IconMap,
  '/cities': IconBuildingWarehouse,
  '/faq': IconHelpCircle,
  '/auctions': IconGavel,
  '/settings': IconSettings,
  '/file-management': IconFiles,
  '/blogs': IconNews,
  '/users': IconUsers,
  '/snapshot': IconDoor,
  '/pages': IconFileText,
  '/street-rate-upload': IconReceipt,
  '/tenant-rate-upload': IconReceiptRefund,
  '/lease-terminations': IconCalendarX,
  '/communication-templates': IconMail,
  '/communication-history': IconMailForward,
  '/marketing-features': IconSpeakerphone,
  '/gate-code-rotation': IconKey,
  '/landing-pages': IconPhotoStar,
  '/reviews': IconStar,
  '/unit-filters': IconFilter,
  '/tenant-settlements': IconCash,
  '/ecri': IconTrendingUp,
  '/homepage': IconHome,
  '/roles': IconShieldLock,
}

/** Home (spec: admin-console-part-1 §2): a link to every admin page the role may open. */
export function HomePage() {
  const user = useAdminUser()
  const links = homeLinksFor(user.role)
  return (
    <Stack gap="xl">
      <PageHeader
        title={`Internal website for ${user.role?.name ?? ''}!`}
        description={
          links.length === 0
            ? 'Your role has no admin pages yet. Ask an administrator to add the pages you need.'
            : 'Pick a page to work on.'
        }
      />
      {links.length > 0 && (
        <SimpleGrid
          component="ul"
          cols={{ base: 1, xs: 2, md: 3, lg: 4 }}
          spacing="md"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Admin pages"
        >
          {links.map((link) => {
            const Icon = ICONS[link.path]
            return (
              <li key={link.path}>
                <Card
                  component={Link}
                  to={link.path}
                  withBorder
                  radius="md"
                  padding="md"
                  h="100%"
                  style={{ textDecoration: 'none' }}
                >
                  <Group gap="md" wrap="nowrap">
                    <ThemeIcon size={42} radius="md" variant="light" color="harbor">
                      <Icon size={22} aria-hidden />
                    </ThemeIcon>
                    <div style={{ minWidth: 0 }}>
                      <Text fw={600} c="dark.8">
                        {link.label}
                      </Text>
                      <Text fz="xs" c="gray.7" ff="monospace">
                        {link.path}
                      </Text>
                    </div>
                  </Group>
                </Card>
              </li>
            )
          })}
        </SimpleGrid>
      )}
    </Stack>
  )
}
