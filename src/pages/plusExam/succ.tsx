import CertificationResult from '@/components/exam/CertificationResult'

export default function PlusExamSuccessPage() {
  return <CertificationResult expectPassed />
}
