import CertificationResult from '@/components/exam/CertificationResult'

export default function PlusExamFailPage() {
  return <CertificationResult expectPassed={false} />
}
