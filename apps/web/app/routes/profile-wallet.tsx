export default function Page() {
  return <h1>profile-wallet</h1>;
}
