import type { FieldDescriptor, FieldGroup } from '@storageops/contracts/fields'
import type { LocationContent } from '@storageops/contracts/location-content'
import { LOCATION_MESSAGES } from '@storageops/contracts/location-rules'

export type ContentFieldKey = Exclude<keyof LocationContent, 'location_code' | 'photos' | 'photo_texts' | 'updatedAt'>

/** The CMS content fields of a location (spec: admin-console-part-1 §2 cms_edit, §3 "Location content"), grouped. */
export const CONTENT_FIELD_GROUPS: readonly FieldGroup<ContentFieldKey>[] = [
  {
    title: 'Page',
    fields: [
      { key: 'title', label: 'Title', kind: 'text' },
      { key: 'meta_title', label: 'Meta title', kind: 'text' },
      { key: 'meta_description', label: 'Meta description', kind: 'textarea' },
      {
        key: 'keywords',
        label: 'Keywords',
        kind: 'tags',
        deprecated: true,
        placeholder: 'Type a keyword and press Enter',
      },
    ],
  },
  {
    title: 'Body',
    fields: [
      { key: 'body1', label: 'Body 1', kind: 'markdown' },
      { key: 'body2', label: 'Body 2', kind: 'markdown' },
    ],
  },
  {
    title: 'Facility',
    fields: [
      {
        key: 'facility_image',
        label: 'Facility image',
        kind: 'image',
        description: 'Image location; spaces around it are removed.',
      },
      { key: 'facility_image_alt', label: 'Facility image alt text', kind: 'text' },
      { key: 'access_hours', label: 'Access hours', kind: 'text' },
      { key: 'customer_service_hours', label: 'Customer service hours', kind: 'text' },
    ],
  },
  {
    title: 'Display',
    fields: [
      { key: 'website_move_in_completion_screen', label: 'Website move-in completion screen', kind: 'flag' },
      { key: 'kiosk_move_in_completion_screen', label: 'Kiosk move-in completion screen', kind: 'flag' },
      { key: 'unit_size_high_to_low', label: 'Unit size high to low', kind: 'flag' },
      { key: 'unit_group_large_to_small', label: LOCATION_MESSAGES.reverseGroupOrder, kind: 'flag' },
      { key: 'recommended_unit', label: 'Recommended unit', kind: 'flag' },
      { key: 'unit_groups_expanded', label: 'Unit groups expanded', kind: 'flag' },
      { key: 'fee_for_24hr_access', label: 'Fee for 24hr access', kind: 'flag' },
    ],
  },
]

const CONTENT_FIELDS = CONTENT_FIELD_GROUPS.flatMap((group) => group.fields)

export function contentFields<Key extends ContentFieldKey>(keys: readonly Key[]): FieldDescriptor<Key>[] {
  return keys.map((key) => CONTENT_FIELDS.find((field) => field.key === key)! as FieldDescriptor<Key>)
}
