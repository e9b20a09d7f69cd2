export default function Page() {
  return <h1>payments</h1>;
}
