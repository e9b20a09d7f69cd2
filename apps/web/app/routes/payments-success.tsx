export default function Page() {
  return <h1>payments-success</h1>;
}
