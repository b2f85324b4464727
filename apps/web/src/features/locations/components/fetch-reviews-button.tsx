import { Button } from '@mantine/core'
import { IconStars } from '@tabler/icons-react'
import { ApiError } from '../../../lib/api.ts'
import { showToast } from '../../../lib/toast.ts'
import { useFetchReviews } from '../api/fetch-reviews.ts'

export function FetchReviewsButton({ locationCode }: { locationCode: string }) {
  const fetchReviews = useFetchReviews()
  return (
    <Button
      variant="light"
      leftSection={<IconStars size={18} aria-hidden />}
      loading={fetchReviews.isPending}
      onClick={() =>
        fetchReviews.mutate(locationCode, {
          onSuccess: (result) => showToast(result.message, 'success'),
          onError: (error) => showToast(error instanceof ApiError ? error.message : 'Failed to fetch reviews', 'error'),
        })
      }
    >
      Fetch reviews
    </Button>
  )
}
