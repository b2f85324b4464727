import { Anchor, Breadcrumbs, Stack, Text, Title } from '@mantine/core'
import { Link, Navigate, useParams } from 'react-router'
import { PageLoader } from '../../../components/ui/page-loader.tsx'
import { useBrandStandards } from '../../../features/brand-reports/api/get-brand-standards.ts'
import { isNotFoundError, useBrandsFacility } from '../../../features/brand-reports/api/get-brands-facility.ts'
import { InspectionForm } from '../../../features/brand-reports/components/inspection-form.tsx'

/**
 * New brand-standards inspection of a facility (issue 6, beyond the spec: reports must come from
 * somewhere): the checklist with the phone camera per standard, notes, submit. An unknown site code goes to /404.
 */
export function BrandsReportNewPage() {
  const { siteCode = '' } = useParams()
  const facility = useBrandsFacility(siteCode)
  const standards = useBrandStandards()
  if (facility.isError && isNotFoundError(facility.error)) return <Navigate to="/404" replace />
  if (facility.isError || standards.isError)
    return <Text c="red.9">The inspection could not be loaded: {(facility.error ?? standards.error)?.message}</Text>
  if (!facility.data || !standards.data) return <PageLoader label="Loading checklist…" />
  const location = facility.data
  return (
    <Stack gap="md" maw={720} mx="auto" w="100%">
      <Breadcrumbs separator="›">
        <Anchor component={Link} to="/snapshot/inspection" fz="sm">
          Inspection
        </Anchor>
        <Anchor component={Link} to={`/snapshot/${location.location_code}/brands-report/archive`} fz="sm">
          Reports
        </Anchor>
      </Breadcrumbs>
      <Stack gap={2}>
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          Brand standards inspection
        </Title>
        <Text c="gray.7">
          {location.name} ({location.location_code})
        </Text>
      </Stack>
      <InspectionForm siteCode={location.location_code} standards={standards.data} />
    </Stack>
  )
}
