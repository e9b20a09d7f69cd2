export default function Page() {
  return <h1>promotion</h1>;
}
