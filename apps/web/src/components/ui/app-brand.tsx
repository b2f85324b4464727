import { Group, Text } from '@mantine/core'
// `?inline` makes it a data URI in the code: the logo costs a phone no request (decision 028).
import logo from '../../assets/favicon.svg?inline'

export function AppBrand({ appName, size = 'md' }: { appName: string; size?: 'md' | 'lg' }) {
  const logoSize = size === 'lg' ? 40 : 30
  return (
    <Group gap={10} wrap="nowrap">
      <img src={logo} width={logoSize} height={logoSize} alt="" />
      <div>
        <Text fw={800} fz={size === 'lg' ? 'xl' : 'md'} lh={1.1} c="dark.8">
          StorageOps
        </Text>
        <Text
          fz={size === 'lg' ? 'sm' : 'xs'}
          fw={600}
          lh={1.2}
          c="harbor.8"
          tt="uppercase"
          style={{ letterSpacing: '0.08em' }}
        >
          {appName}
        </Text>
      </div>
    </Group>
  )
}
