// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {Context} from "@openzeppelin/contracts/utils/Context.sol";
import {ERC2771Context} from "@openzeppelin/contracts/metatx/ERC2771Context.sol";
import {IERC5192} from "./IERC5192.sol";

/// @title Arcana Genesis Pass
/// @notice A wallet-bound (ERC-5192) ERC-721: one pass per wallet, minted with an EIP-712
///         authorization from Arcana's server, staked by its owner and unstaked with a
///         second authorization (the server settles rewards before it authorizes).
/// @dev Nonces are sequential and explicit: `mint` takes the recipient's `mintNonces(to)`
///      and `unstake` the pass's `unstakeNonces(tokenId)`. The server reads the current value,
///      signs it, and the caller passes it back; a nonce below the current one is a reused
///      authorization (`NonceUsed`), one above it was never issued (`InvalidNonce`).
///      ERC-2771: calls relayed by the trusted forwarder (OpenZeppelin's `ERC2771Forwarder`) act for the
///      member who signed the forwarded request (`_msgSender()`), so a sponsored stake or unstake is the
///      holder's own and its events name the holder's wallet. Direct calls work as before.
contract GenesisPass is ERC721, Ownable2Step, EIP712, ERC2771Context, IERC5192 {
    /// @notice EIP-712 type hash of `MintAuthorization(address to,uint256 nonce,uint256 deadline)`.
    bytes32 public constant MINT_AUTHORIZATION_TYPEHASH =
        keccak256("MintAuthorization(address to,uint256 nonce,uint256 deadline)");
    /// @notice EIP-712 type hash of `UnstakeAuthorization(uint256 tokenId,uint256 nonce,uint256 deadline)`.
    bytes32 public constant UNSTAKE_AUTHORIZATION_TYPEHASH =
        keccak256("UnstakeAuthorization(uint256 tokenId,uint256 nonce,uint256 deadline)");

    /// @dev ERC-5192 interface id (the selector of `locked(uint256)`).
    bytes4 private constant _ERC5192_INTERFACE_ID = 0xb45a3c0e;
    /// @dev ERC-4906 interface id.
    bytes4 private constant _ERC4906_INTERFACE_ID = 0x49064906;

    struct Stake {
        bool staked;
        uint64 since;
    }

    /// @notice The address whose EIP-712 signatures authorize mints and unstakes.
    address public authorizer;
    /// @notice Number of passes minted so far; token ids run from 1 to `totalSupply()`.
    uint256 public totalSupply;
    /// @notice The pass held by a wallet (0 if none).
    mapping(address wallet => uint256 tokenId) public passOf;
    /// @notice Next mint nonce per recipient.
    mapping(address wallet => uint256 nonce) public mintNonces;
    /// @notice Next unstake nonce per pass.
    mapping(uint256 tokenId => uint256 nonce) public unstakeNonces;

    string private _baseTokenURI;
    mapping(uint256 tokenId => Stake) private _stakes;

    /// @notice Transfers and approvals are disabled: the pass is bound to its wallet.
    error Soulbound();
    /// @notice The recipient already holds a pass.
    error AlreadyMinted(address to);
    /// @notice The authorization's deadline has passed.
    error AuthorizationExpired(uint256 deadline);
    /// @notice The authorization's nonce was already consumed (a reused authorization).
    error NonceUsed(uint256 nonce);
    /// @notice The authorization's nonce is ahead of the current one (never issued).
    error InvalidNonce(uint256 expected, uint256 provided);
    /// @notice The signature does not recover to the authorizer for this chain, contract and message.
    error InvalidSigner();
    /// @notice The caller does not own the pass.
    error NotOwner(uint256 tokenId);
    /// @notice The pass is already staked.
    error AlreadyStaked(uint256 tokenId);
    /// @notice The pass is not staked.
    error NotStaked(uint256 tokenId);
    /// @notice The zero address is not allowed here.
    error ZeroAddress();

    /// @notice Emitted when the owner rotates the authorizer.
    event AuthorizerUpdated(address indexed previousAuthorizer, address indexed newAuthorizer);
    /// @notice Emitted when the owner changes the metadata base URI.
    event BaseURIUpdated(string baseURI);
    /// @notice ERC-4906: metadata of passes `_fromTokenId`..`_toTokenId` changed (emitted on a base URI change).
    event BatchMetadataUpdate(uint256 _fromTokenId, uint256 _toTokenId);
    /// @notice Emitted when a pass is staked.
    event Staked(address indexed owner, uint256 indexed tokenId, uint64 since);
    /// @notice Emitted when a pass is unstaked.
    event Unstaked(address indexed owner, uint256 indexed tokenId, uint64 at);

    /// @param initialOwner The admin (can rotate the authorizer and set the base URI).
    /// @param initialAuthorizer The server's signing address.
    /// @param baseURI The metadata base URI; tokenURI is `baseURI + tokenId`.
    /// @param trustedForwarder_ The ERC-2771 forwarder whose relayed calls act for their signer.
    constructor(address initialOwner, address initialAuthorizer, string memory baseURI, address trustedForwarder_)
        ERC721("Arcana Genesis Pass", "ARCGP")
        Ownable(initialOwner)
        EIP712("Arcana Genesis Pass", "1")
        ERC2771Context(trustedForwarder_)
    {
        if (initialAuthorizer == address(0)) revert ZeroAddress();
        authorizer = initialAuthorizer;
        _baseTokenURI = baseURI;
        emit AuthorizerUpdated(address(0), initialAuthorizer);
    }

    // ---------------------------------------------------------------- mint

    /// @notice Mints the recipient's pass with the authorizer's EIP-712 `MintAuthorization`.
    /// @dev Anyone may submit (the member, a relayer, or the member through the forwarder); the pass always
    ///      goes to `to`. Check order: expiry, nonce, signer,
    ///      one-per-wallet, so each failure has its own error.
    /// @param to The recipient (the member's bound wallet).
    /// @param nonce The recipient's current `mintNonces(to)` the server signed.
    /// @param deadline Unix time after which the authorization is void.
    /// @param signature The authorizer's 65-byte ECDSA signature over the typed data.
    /// @return tokenId The new pass's id.
    function mint(address to, uint256 nonce, uint256 deadline, bytes calldata signature)
        external
        returns (uint256 tokenId)
    {
        if (to == address(0)) revert ZeroAddress();
        _checkAuthorization(
            keccak256(abi.encode(MINT_AUTHORIZATION_TYPEHASH, to, nonce, deadline)),
            mintNonces[to],
            nonce,
            deadline,
            signature
        );
        if (passOf[to] != 0) revert AlreadyMinted(to);
        mintNonces[to] = nonce + 1;

        tokenId = ++totalSupply;
        passOf[to] = tokenId;
        _mint(to, tokenId);
        emit Locked(tokenId);
    }

    // ---------------------------------------------------------------- staking

    /// @notice Stakes a pass; only its owner may.
    /// @param tokenId The pass to stake.
    function stake(uint256 tokenId) external {
        address holder = _requireOwned(tokenId);
        if (holder != _msgSender()) revert NotOwner(tokenId);
        Stake storage s = _stakes[tokenId];
        if (s.staked) revert AlreadyStaked(tokenId);
        uint64 since = uint64(block.timestamp);
        s.staked = true;
        s.since = since;
        emit Staked(holder, tokenId, since);
    }

    /// @notice Unstakes a pass with the authorizer's EIP-712 `UnstakeAuthorization`; only its owner may.
    /// @param tokenId The staked pass.
    /// @param nonce The pass's current `unstakeNonces(tokenId)` the server signed.
    /// @param deadline Unix time after which the authorization is void.
    /// @param signature The authorizer's 65-byte ECDSA signature over the typed data.
    function unstake(uint256 tokenId, uint256 nonce, uint256 deadline, bytes calldata signature) external {
        address holder = _requireOwned(tokenId);
        if (holder != _msgSender()) revert NotOwner(tokenId);
        Stake storage s = _stakes[tokenId];
        if (!s.staked) revert NotStaked(tokenId);
        _checkAuthorization(
            keccak256(abi.encode(UNSTAKE_AUTHORIZATION_TYPEHASH, tokenId, nonce, deadline)),
            unstakeNonces[tokenId],
            nonce,
            deadline,
            signature
        );
        unstakeNonces[tokenId] = nonce + 1;
        s.staked = false;
        s.since = 0;
        emit Unstaked(holder, tokenId, uint64(block.timestamp));
    }

    /// @notice A pass's staking state.
    /// @param tokenId An existing pass.
    /// @return staked Whether it is staked now.
    /// @return since When the current stake began (0 when not staked).
    function stakeInfo(uint256 tokenId) external view returns (bool staked, uint64 since) {
        _requireOwned(tokenId);
        Stake memory s = _stakes[tokenId];
        return (s.staked, s.since);
    }

    // ---------------------------------------------------------------- admin

    /// @notice Rotates the server's signing address. Outstanding authorizations by the old one stop working.
    /// @param newAuthorizer The new signing address.
    function setAuthorizer(address newAuthorizer) external onlyOwner {
        if (newAuthorizer == address(0)) revert ZeroAddress();
        emit AuthorizerUpdated(authorizer, newAuthorizer);
        authorizer = newAuthorizer;
    }

    /// @notice Sets the metadata base URI (served by Arcana's server).
    /// @param baseURI The new base; tokenURI is `baseURI + tokenId`.
    function setBaseURI(string calldata baseURI) external onlyOwner {
        _baseTokenURI = baseURI;
        emit BaseURIUpdated(baseURI);
        if (totalSupply != 0) emit BatchMetadataUpdate(1, totalSupply);
    }

    /// @notice The EIP-712 domain separator (name "Arcana Genesis Pass", version "1", this chain, this contract).
    /// @return The domain separator.
    // solhint-disable-next-line func-name-mixedcase
    function DOMAIN_SEPARATOR() external view returns (bytes32) {
        return _domainSeparatorV4();
    }

    // ---------------------------------------------------------------- ERC-5192 / soulbound

    /// @notice ERC-5192: every existing pass is locked to its wallet.
    /// @param tokenId An existing pass (reverts for a nonexistent one).
    /// @return Always true.
    function locked(uint256 tokenId) external view returns (bool) {
        _requireOwned(tokenId);
        return true;
    }

    /// @notice Disabled: the pass is wallet-bound. Both `safeTransferFrom` overloads forward here.
    /// @dev ERC721 rejects the zero receiver before `_update`; answer `Soulbound()` for it too, so every
    ///      transfer fails the same way. Any other transfer reaches `_update`, which always reverts for a
    ///      minted pass. (An always-reverting body here would make solc flag ERC721's code as unreachable.)
    function transferFrom(address from, address to, uint256 tokenId) public override {
        if (to == address(0)) revert Soulbound();
        super.transferFrom(from, to, tokenId);
    }

    /// @notice ERC-165: ERC-721, ERC-721 Metadata, ERC-5192, ERC-4906.
    /// @param interfaceId The interface id to test.
    /// @return Whether it is supported.
    function supportsInterface(bytes4 interfaceId) public view override returns (bool) {
        return interfaceId == _ERC5192_INTERFACE_ID || interfaceId == _ERC4906_INTERFACE_ID
            || super.supportsInterface(interfaceId);
    }

    /// @dev Only a mint may move a pass: whatever path reaches `_update` for an existing pass reverts,
    ///      before any approval check, so the error is always `Soulbound()`.
    function _update(address to, uint256 tokenId, address auth) internal override returns (address) {
        if (_ownerOf(tokenId) != address(0)) revert Soulbound();
        return super._update(to, tokenId, auth);
    }

    /// @dev `approve` lands here (with `emitEvent` true): a wallet-bound pass has no approvals. The only other
    ///      caller is `_update` clearing the approval of a moving pass, which never happens.
    function _approve(address to, uint256 tokenId, address auth, bool emitEvent) internal override {
        if (emitEvent) revert Soulbound();
        super._approve(to, tokenId, auth, emitEvent);
    }

    /// @dev `setApprovalForAll` lands here: no operators either.
    function _setApprovalForAll(address, address, bool) internal pure override {
        revert Soulbound();
    }

    /// @dev ERC-2771: the signer of a forwarded request, else `msg.sender` (Ownable, ERC721 and this contract's
    ///      holder checks all read it).
    function _msgSender() internal view override(Context, ERC2771Context) returns (address) {
        return ERC2771Context._msgSender();
    }

    function _msgData() internal view override(Context, ERC2771Context) returns (bytes calldata) {
        return ERC2771Context._msgData();
    }

    function _contextSuffixLength() internal view override(Context, ERC2771Context) returns (uint256) {
        return ERC2771Context._contextSuffixLength();
    }

    function _baseURI() internal view override returns (string memory) {
        return _baseTokenURI;
    }

    function _checkAuthorization(
        bytes32 structHash,
        uint256 currentNonce,
        uint256 nonce,
        uint256 deadline,
        bytes calldata signature
    ) private view {
        if (block.timestamp > deadline) revert AuthorizationExpired(deadline);
        if (nonce < currentNonce) revert NonceUsed(nonce);
        if (nonce > currentNonce) revert InvalidNonce(currentNonce, nonce);
        (address signer, ECDSA.RecoverError err,) = ECDSA.tryRecoverCalldata(_hashTypedDataV4(structHash), signature);
        if (err != ECDSA.RecoverError.NoError || signer != authorizer) revert InvalidSigner();
    }
}
